"""How alike a lossy picture is to the lossless one it was encoded from: SSIM of the luma.

The structural similarity index (Wang et al., 2004) over 8x8 windows side by side, on the
picture's luma (Pillow's "L"), in plain Python: the bench and the tests need it for a few
pictures, not a numerical library. 1.0 is the same picture; text or pips that blurred or
rang pull it down where they are.
"""

from __future__ import annotations

from PIL import Image

WINDOW = 8
_C1 = (0.01 * 255) ** 2
_C2 = (0.03 * 255) ** 2


def ssim(first: Image.Image, second: Image.Image) -> float:
    """The mean SSIM of the two pictures' luma, window by window."""
    if first.size != second.size:
        raise ValueError(f"sizes differ: {first.size} and {second.size}")
    width, height = first.size
    a, b = first.convert("L").tobytes(), second.convert("L").tobytes()
    n = WINDOW * WINDOW
    total, windows = 0.0, 0
    for top in range(0, height - WINDOW + 1, WINDOW):
        for left in range(0, width - WINDOW + 1, WINDOW):
            sa = sb = saa = sbb = sab = 0
            for y in range(top, top + WINDOW):
                start = y * width + left
                for p, q in zip(a[start:start + WINDOW], b[start:start + WINDOW], strict=True):
                    sa += p
                    sb += q
                    saa += p * p
                    sbb += q * q
                    sab += p * q
            ma, mb = sa / n, sb / n
            va, vb, cov = saa / n - ma * ma, sbb / n - mb * mb, sab / n - ma * mb
            total += (((2 * ma * mb + _C1) * (2 * cov + _C2))
                      / ((ma * ma + mb * mb + _C1) * (va + vb + _C2)))
            windows += 1
    return total / windows
