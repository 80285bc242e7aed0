"""The one font diagrams are laid out and drawn with, and how wide a line of it is.

Why a named font: Graphviz sizes each box from the width of its text in the font it is
told (`fontname`), while the browser draws the SVG with whatever font the SVG's
`font-family` resolves to on that machine. With "Helvetica", graphviz-pure measures with
Arial-like metrics, but a Linux browser without Helvetica/Arial falls back to DejaVu Sans,
about 15% wider, and the text spills out of its box. graphviz-pure carries the real
advance widths of DejaVu Sans, and DejaVu Sans is the default sans-serif font of most Linux
systems, so layout and browser agree there exactly. Where DejaVu Sans is missing, the SVG
falls back to the platform's sans-serif (Helvetica, Arial), which is narrower: the text
still fits, with a little more room.

Graphviz knows no widths for characters outside ASCII (it counts each as a space), but a
browser draws a Chinese character one em wide. `min_width` measures such lines here, with
DejaVu Sans' ASCII widths and one em for every other character, so a box can be given the
width its text needs.
"""
import math

__all__ = ["FONT", "SVG_FONT_FAMILY", "RASTER_FONT", "line_width", "needs_measuring", "min_width",
           "svg_with_fallbacks"]

FONT = "DejaVu Sans"
# what the SVG asks the browser for; every fallback is narrower than DejaVu Sans
# (Bitstream Vera Sans is DejaVu's parent, with the same widths)
SVG_FONT_FAMILY = "DejaVu Sans,Bitstream Vera Sans,sans-serif"
# what the PNG copy is drawn with: graphviz-pure draws "Helvetica" with its bundled Arimo
# (it carries no DejaVu Sans to draw with); Arimo is narrower, so the SVG's layout holds it
RASTER_FONT = "Helvetica"

# advance widths of DejaVu Sans for ASCII 32..126 in thousandths of an em, rounded up:
# the widths graphviz-pure lays "DejaVu Sans" out with (tests/test_viz_font.py re-measures)
_ASCII = [int(w) for w in """
318 401 460 838 637 951 780 275 391 391 500 838 318 361 318 337 637 637 637 637 637 637
637 637 637 637 337 337 838 838 838 531 1000 685 687 699 771 632 576 775 752 295 295 656
558 863 749 788 604 788 695 635 611 732 685 989 686 611 686 391 337 391 838 500 500 613
635 550 635 616 353 635 634 278 278 580 278 975 634 612 635 635 412 521 393 634 592 818
592 592 525 637 337 637 838""".split()]
_EM = 1000        # any other character: one em (a CJK character's width; wider than most)


def needs_measuring(text):
    """True when Graphviz would under-measure `text` (it has a non-ASCII character)."""
    return any(ord(ch) > 126 for ch in text)


def line_width(text, size):
    """Width in points of one line of `text` at font size `size` (no kerning: an upper
    bound for what a browser draws)."""
    units = sum(_ASCII[ord(ch) - 32] if 32 <= ord(ch) <= 126 else _EM for ch in text)
    return units * size / 1000


def min_width(lines, size, margin_in):
    """The box width in inches (rounded up to 1/100) that `lines` need at `size` points
    with `margin_in` inches of margin on each side."""
    widest = max(line_width(x, size) for x in lines)
    return math.ceil((widest / 72 + 2 * margin_in) * 100) / 100


def svg_with_fallbacks(svg):
    """The SVG with the font named with its fallbacks (Graphviz writes the bare name)."""
    return svg.replace(f'font-family="{FONT}"', f'font-family="{SVG_FONT_FAMILY}"')
