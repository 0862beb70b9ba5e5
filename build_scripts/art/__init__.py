"""Generators for everything under ``thirtyone/assets/`` (see ``build_scripts/make_assets.py``)."""
