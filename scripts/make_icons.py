"""Draw the app's icons (static/icons/icon-<size>.png): a white card with a red diamond on
the header's blue. Plain Python (zlib, struct), no image library; run again to redraw them:

    python scripts/make_icons.py
"""

import struct
import zlib
from pathlib import Path

BLUE, WHITE, RED = (10, 79, 150), (255, 255, 255), (163, 38, 27)
SIZES = (192, 512)
SAMPLES = 4  # per side of a pixel, for smooth edges
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour of a point of the unit square (0..1 each way)."""
    # The card: a rounded rectangle, well inside the safe zone of a maskable icon.
    left, right, top, bottom, radius = 0.28, 0.72, 0.2, 0.8, 0.06
    cx, cy = min(max(x, left + radius), right - radius), min(max(y, top + radius), bottom - radius)
    if (x - cx) ** 2 + (y - cy) ** 2 > radius**2:
        return BLUE
    if abs(x - 0.5) / 0.14 + abs(y - 0.5) / 0.2 <= 1:  # the diamond
        return RED
    return WHITE


def pixels(size: int) -> bytes:
    rows = []
    for row in range(size):
        line = bytearray([0])  # no filter
        for column in range(size):
            total = [0, 0, 0]
            for i in range(SAMPLES):
                for j in range(SAMPLES):
                    colour = colour_at((column + (j + 0.5) / SAMPLES) / size,
                                       (row + (i + 0.5) / SAMPLES) / size)
                    total = [t + c for t, c in zip(total, colour, strict=True)]
            line += bytes(round(t / SAMPLES**2) for t in total)
        rows.append(bytes(line))
    return b"".join(rows)


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(pixels(size), 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        (OUT / f"icon-{size}.png").write_bytes(png(size))
        print(OUT / f"icon-{size}.png")
