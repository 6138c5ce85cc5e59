"""The pictures' bytes: lossy WebP, the smallest file that keeps every letter and pip crisp.

Chosen by measurement (``python -m bench.render``) and by eye, against a palette PNG and
WebP at other settings, on the 4-player table, an 11-card hand and the Bulgarian and
Lithuanian tables:

- a palette PNG (256 colours, Pillow's fast octree) was as small and as quick, but cut the
  felt's soft vignette into visible rings, and a fixed palette also turned small red signs
  orange;
- WebP keeps the vignette smooth. At ``QUALITY`` 80 the card backs' fine lattice, the card
  indices and suit signs, and the Cyrillic and Lithuanian letters (ą č ę ė į š ų ū ž, the
  14 px counts under the melds) read as on the lossless picture (the luma SSIM of the
  samples against the lossless pictures is above 0.995); at 70 the lattice smears. 80 is
  the floor: lower only after looking again;
- ``METHOD`` 2 of libwebp's 0 (fastest) to 6: a quarter smaller than 0 for a few
  milliseconds more; 4 and above cost two to four times as long for 2 % less.

A table is 60-90 KB and a hand 15-30 KB (a lossless PNG: 250-350 KB and 70-190 KB).
Discord shows WebP inline, like PNG. libwebp encodes the same pixels to the same bytes, so
a picture stays a pure function of its view.
"""

from __future__ import annotations

import io

from PIL import Image

FORMAT = "WEBP"
EXTENSION = "webp"
QUALITY = 80
METHOD = 2


def encode(img: Image.Image) -> bytes:
    """The picture's bytes (no metadata, no time stamp: same pixels, same bytes)."""
    out = io.BytesIO()
    img.save(out, FORMAT, quality=QUALITY, method=METHOD)
    return out.getvalue()


def file_name(kind: str) -> str:
    """The attachment's name for a picture of ``kind`` ("hand", "table", "scores")."""
    return f"{kind}.{EXTENSION}"
