"""Helpers for the picture tests: decode the PNG bytes the renderer returns."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image


def in_language(lang: str, view: dict[str, Any]) -> dict[str, Any]:
    """A picture's view as a player of ``lang`` gets it."""
    return {**view, "language": lang}


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every piece of text the renderer writes on a picture, in drawing order (panels are
    drawn afresh, not pasted from an earlier picture)."""
    from bot.render import draw, panels

    panels.forget()

    texts: list[str] = []
    original = draw.Pen.text

    def recording(self: draw.Pen, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        texts.append(text)
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(draw.Pen, "text", recording)
    return texts
