"""The coach: the best move and honest odds for one seat, from its observation alone.

``advise(observation)`` answers a turn; ``review_record(record, seat)`` walks a
finished game and marks the costliest decisions. The analysis reuses the
Expert's pieces (world sampling in ``bots.inference``, play-outs in
``bots.rollout``) and depends on bots and model only.
"""

from .advice import Advice, Option, advise, describe_action
from .review import Decision, GameReview, review_record

__all__ = ["Advice", "Decision", "GameReview", "Option", "advise", "describe_action", "review_record"]
