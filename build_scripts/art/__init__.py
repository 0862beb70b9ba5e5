"""Generators for everything under ``assets/`` (see ``build_scripts/make_assets.py``)."""
