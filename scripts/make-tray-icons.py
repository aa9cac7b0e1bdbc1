#!/usr/bin/env python3
"""Writes the tray icons for each state from the committed ones: the same glyph with a mark in a corner.

- live (the microphone is on): a red dot in the top corner;
- captions (live captions are running): a green caption bar along the bottom corner;
- needs-you (the mailbox pass found something): an amber dot in the top corner, hollow in the macOS template.

The coloured icon (Windows, Linux) gets its mark in a white ring; the macOS template images are monochrome (the
system tints them), so theirs is a solid shape cut free of the glyph by a transparent ring, and shapes alone tell
the states apart there. Run from anywhere:
    python3 scripts/make-tray-icons.py
Python's standard library only (zlib, struct): the icons are small RGBA PNGs.
"""

import struct
import zlib
from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / 'resources'
PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'
RED = (220, 38, 38)
GREEN = (22, 163, 74)
AMBER = (217, 119, 6)
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


def coverage(x, y, inside):
    """How much of pixel (x, y) lies inside a shape (a test on a point), from 0 to 1."""
    hits = 0
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            hits += inside(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES)
    return hits / SAMPLES ** 2


def dot(size, ring, hole=0.0):
    """A dot a fifth of the icon in radius, in the top right corner; grown by `grow` for its ring."""
    radius = size * 0.2
    cx, cy = size - radius - ring, radius + ring

    def shape(grow):
        def inside(px, py):
            distance = (px - cx) ** 2 + (py - cy) ** 2
            return distance <= (radius + grow) ** 2 and (grow > 0 or distance > (radius * hole) ** 2)
        return inside
    return shape


def bar(size, ring):
    """A rounded caption bar along the bottom right, half the icon wide."""
    width, height = size * 0.56, size * 0.32
    right, bottom = size - ring, size - ring
    left, top = right - width, bottom - height
    corner = height * 0.35

    def shape(grow):
        def inside(px, py):
            # Distance from the rectangle shrunk by the corner radius, compared with the corner radius.
            dx = max(left + corner - px, 0, px - (right - corner))
            dy = max(top + corner - py, 0, py - (bottom - corner))
            return dx * dx + dy * dy <= (corner + grow) ** 2
        return inside
    return shape


def over(pixel, colour, amount):
    """Paints an opaque colour over a pixel with the given coverage."""
    if amount == 0:
        return pixel
    r, g, b, a = pixel
    alpha = a / 255
    out = amount + alpha * (1 - amount)
    mix = [(colour[i] * amount + channel * alpha * (1 - amount)) / out for i, channel in enumerate((r, g, b))]
    return [round(value) for value in mix] + [round(out * 255)]


def with_mark(rows, template, mark, colour):
    """The glyph with a state's mark (see the module's docstring) painted over it."""
    size = len(rows)
    # The template's ring is wider: a transparent gap is all that tells its mark from the glyph at 16 px.
    ring = size * (0.1 if template else 0.07)
    shape = MARKS[mark](size, ring, template)
    halo_shape, mark_shape = shape(ring), shape(0)
    out = []
    for y, row in enumerate(rows):
        line = []
        for x, pixel in enumerate(row):
            halo, inner = coverage(x, y, halo_shape), coverage(x, y, mark_shape)
            if template:
                # Cut the glyph away around the mark, then fill the mark: one tint, two shapes.
                r, g, b, a = pixel
                pixel = over([r, g, b, round(a * (1 - halo))], (0, 0, 0), inner)
            else:
                pixel = over(over(pixel, WHITE, halo), colour, inner)
            line.append(pixel)
        out.append(line)
    return out


MARKS = {
    'live': lambda size, ring, template: dot(size, ring),
    'captions': lambda size, ring, template: bar(size, ring),
    # Hollow in the template, where colour cannot tell it from the microphone's dot.
    'needs-you': lambda size, ring, template: dot(size, ring, hole=0.45 if template else 0.0),
}
COLOURS = {'live': RED, 'captions': GREEN, 'needs-you': AMBER}


def main():
    for mark in MARKS:
        for source, target, template in [
            ('tray-icon.png', f'tray-icon-{mark}.png', False),
            ('tray-iconTemplate.png', f'tray-icon-{mark}Template.png', True),
            ('tray-iconTemplate@2x.png', f'tray-icon-{mark}Template@2x.png', True),
        ]:
            write_rgba(RESOURCES / target, with_mark(read_rgba(RESOURCES / source), template, mark, COLOURS[mark]))
            print(f'resources/{target}')


if __name__ == '__main__':
    main()
