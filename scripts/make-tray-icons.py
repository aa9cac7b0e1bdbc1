#!/usr/bin/env python3
"""Writes the "microphone live" tray icons from the committed ones: the same glyph with a dot in its top corner.

The coloured icon (Windows, Linux) gets a red dot in a white ring; the macOS template images are monochrome (the
system tints them), so theirs is a solid dot cut free of the glyph by a transparent ring. Run from anywhere:
    python3 scripts/make-tray-icons.py
Python's standard library only (zlib, struct): the icons are small RGBA PNGs.
"""

import struct
import zlib
from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / 'resources'
PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'
RED = (220, 38, 38)
WHITE = (255, 255, 255)
# Sub-samples per pixel side: enough for a smooth edge at 16 px.
SAMPLES = 4


def read_rgba(path):
    """Pixels of an 8-bit RGBA, non-interlaced PNG as rows of [r, g, b, a] lists."""
    data = path.read_bytes()
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError(f'{path} is not a PNG')
    pos, idat = len(PNG_SIGNATURE), b''
    while pos < len(data):
        (length,) = struct.unpack('>I', data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if (depth, colour, interlace) != (8, 6, 0):
                raise ValueError(f'{path}: expected 8-bit RGBA without interlacing')
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw, stride, rows, previous, i = zlib.decompress(idat), width * 4, [], bytearray(width * 4), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            left = line[x - 4] if x >= 4 else 0
            up = previous[x]
            up_left = previous[x - 4] if x >= 4 else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - up_left
                nearest = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - up_left), 2, up_left))
                line[x] = (line[x] + nearest[2]) & 0xFF
        rows.append([list(line[x:x + 4]) for x in range(0, stride, 4)])
        previous = line
    return rows


def write_rgba(path, rows):
    height, width = len(rows), len(rows[0])
    raw = b''.join(b'\x00' + bytes(channel for pixel in row for channel in pixel) for row in rows)

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)
    path.write_bytes(PNG_SIGNATURE + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def coverage(x, y, cx, cy, radius):
    """How much of pixel (x, y) lies inside the circle, from 0 to 1."""
    inside = 0
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            px, py = x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES
            inside += (px - cx) ** 2 + (py - cy) ** 2 <= radius ** 2
    return inside / SAMPLES ** 2


def over(pixel, colour, amount):
    """Paints an opaque colour over a pixel with the given coverage."""
    if amount == 0:
        return pixel
    r, g, b, a = pixel
    alpha = a / 255
    out = amount + alpha * (1 - amount)
    mix = [(colour[i] * amount + channel * alpha * (1 - amount)) / out for i, channel in enumerate((r, g, b))]
    return [round(value) for value in mix] + [round(out * 255)]


def with_dot(rows, template):
    """The glyph with the live dot in its top right corner, a quarter of the icon across."""
    size = len(rows)
    # The template's ring is wider: a transparent gap is all that tells its dot from the glyph at 16 px.
    radius, ring = (size * 0.2, size * 0.1) if template else (size * 0.2, size * 0.07)
    cx, cy = size - radius - ring, radius + ring
    out = []
    for y, row in enumerate(rows):
        line = []
        for x, pixel in enumerate(row):
            halo, dot = coverage(x, y, cx, cy, radius + ring), coverage(x, y, cx, cy, radius)
            if template:
                # Cut the glyph away around the dot, then fill the dot: one tint, two shapes.
                r, g, b, a = pixel
                pixel = over([r, g, b, round(a * (1 - halo))], (0, 0, 0), dot)
            else:
                pixel = over(over(pixel, WHITE, halo), RED, dot)
            line.append(pixel)
        out.append(line)
    return out


def main():
    for source, target, template in [
        ('tray-icon.png', 'tray-icon-live.png', False),
        ('tray-iconTemplate.png', 'tray-icon-liveTemplate.png', True),
        ('tray-iconTemplate@2x.png', 'tray-icon-liveTemplate@2x.png', True),
    ]:
        write_rgba(RESOURCES / target, with_dot(read_rgba(RESOURCES / source), template))
        print(f'resources/{target}')


if __name__ == '__main__':
    main()
