"""Just enough PNG decoding to tell a blank screenshot from a drawn one (8-bit RGB/RGBA, not interlaced)."""

from __future__ import annotations

import struct
import zlib


def pixels(png: bytes) -> tuple[int, int, tuple[list[bytes], int]]:
    """(width, height, (rows, channels)): each row is one line of unfiltered bytes, `channels` a pixel."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, chunks, header = 8, [], None
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        data = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            chunks.append(data)
        at += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and not interlace, f"unsupported PNG: depth {depth}, colour type {color}"
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    return width, height, _unfilter(raw, width, height, channels)


def _unfilter(raw: bytes, width: int, height: int, channels: int) -> tuple[list[bytes], int]:
    stride, rows, previous, at = width * channels, [], bytes(width * channels), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            line[i] = (line[i] + _predict(kind, left, up, corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return [bytes(r) for r in rows], channels


def _predict(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    estimate = left + up - corner
    near = min((abs(estimate - left), left), (abs(estimate - up), up), (abs(estimate - corner), corner),
               key=lambda pair: pair[0])
    return near[1]


def ink(png: bytes) -> tuple[float, int]:
    """(share of sampled pixels that differ from the top-left one, number of distinct sampled colours)."""
    width, height, (rows, channels) = pixels(png)
    background = rows[0][:3]
    seen, differing, total = set(), 0, 0
    for y in range(0, height, 3):
        row = rows[y]
        for x in range(0, width, 3):
            colour = row[x * channels:x * channels + 3]
            seen.add(colour)
            differing += colour != background
            total += 1
    return differing / total, len(seen)
