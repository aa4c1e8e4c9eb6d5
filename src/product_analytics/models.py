"""The models of the API's bodies, generated from the spec (see `_generated/models.py`)."""

from product_analytics._generated.models import *  # noqa: F403
