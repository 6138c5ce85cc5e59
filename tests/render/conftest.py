"""Helpers for the picture tests: decode the PNG bytes the renderer returns."""

from __future__ import annotations

import io

from PIL import Image


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img
