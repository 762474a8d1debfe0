"""The base of every JSON body the API reads: strict types (found by an audit: ``true`` had
been taken for table 1, ``"yes"`` for a tax return filed, ``"1"`` for a number). A value of the
wrong JSON type is a 422 naming the field, as every other bad input is, and changes nothing."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Body(BaseModel):
    """A request body: each field in its own JSON type, never coerced from another."""

    model_config = ConfigDict(strict=True)
