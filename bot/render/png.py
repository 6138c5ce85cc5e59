"""PNG bytes of a palette picture, written by us and remembered band by band.

A small writer of our own rather than ``Image.save``: Pillow tries every PNG row filter on
every row, which costs more than the drawing. Unfiltered rows of palette indices and deflate
give the smallest files here (the felt and the cards are flat colour).

Most of a game's table picture is the same from one upload to the next (the sides' melds
change less often than the pile and the header), and deflate is the biggest cost left. So
the rows are compressed in bands of ``BAND_ROWS``, each band on its own (a deflate stream
may be cut into parts that each end on a byte boundary and reach back into no earlier
part), and a band whose indices were compressed before is not compressed again: the bytes
are looked up by the band's contents. The palette is the same for every picture
(``bot.render.encode``), so a band's indices mean the same colours in every picture. Same
pixels, same PNG bytes, whatever the cache holds.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 5  # a quarter quicker than 6 (the table picture under 30 ms), an eighth bigger
BAND_ROWS = 32  # 16: 5 % bigger pictures (each band's deflate starts afresh), no quicker
CACHE_BYTES = 16 * 1024 * 1024  # compressed bands remembered, at most
_ZLIB_HEADER = b"\x78\x01"
_FINAL_BLOCK = zlib.compressobj(LEVEL, zlib.DEFLATED, -15).flush()  # an empty last block
_ADLER_BASE = 65521

# band contents -> (its deflate part, Adler-32 of the band with its filter bytes, length)
_bands: OrderedDict[tuple[int, int], tuple[bytes, int, int]] = OrderedDict()
_cached_bytes = 0
_lock = threading.Lock()


def to_png(indices: Image.Image, palette: bytes) -> bytes:
    """Encode a picture of palette indices ("L" or "P", one byte a pixel) with ``palette``
    (256 RGB triples) as PNG: same indices, same bytes (no metadata, no time stamp)."""
    width, height = indices.size
    stride = width + 1
    rows = Image.new(indices.mode, (stride, height), 0)  # each row led by filter type 0
    rows.paste(indices, (1, 0))
    raw = memoryview(rows.tobytes())
    band_bytes = stride * BAND_ROWS
    parts = [_ZLIB_HEADER]
    adler = 1
    with _lock:
        for start in range(0, len(raw), band_bytes):
            part, band_adler, length = _band(raw[start:start + band_bytes])
            parts.append(part)
            adler = adler32_combine(adler, band_adler, length)
    parts += [_FINAL_BLOCK, struct.pack(">I", adler)]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", b"".join(parts)), _chunk(b"IEND", b"")))


def _band(rows: memoryview) -> tuple[bytes, int, int]:
    """The deflate part of one band of rows (each row led by its filter type, 0: "none")."""
    global _cached_bytes
    key = (hash(rows), len(rows))  # 64 bits: a wrong band about once in 10^14 pictures
    hit = _bands.get(key)
    if hit is not None:
        _bands.move_to_end(key)
        return hit
    squeezer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    part = squeezer.compress(rows) + squeezer.flush(zlib.Z_SYNC_FLUSH)
    entry = (part, zlib.adler32(rows), len(rows))
    _bands[key] = entry
    _cached_bytes += len(part)
    while _cached_bytes > CACHE_BYTES:
        _, (old, _, _) = _bands.popitem(last=False)
        _cached_bytes -= len(old)
    return entry


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """Adler-32 of A + B from Adler-32 of A, of B, and B's length (as zlib's own)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    return sum1 | (sum2 << 16)


def forget() -> None:
    """Empty the band cache (tests: encode from nothing)."""
    global _cached_bytes
    with _lock:
        _bands.clear()
        _cached_bytes = 0


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
