"""Draw calls with hypothesis, classify them, and keep the tally."""
import collections
import json
import os
import time

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from .calls import FAMILIES, fill
from .classify import CLASSES, compare, leak_key
from .wide import family_of


class Tally:
    """Counts by class (overall and by family), and one reproducer per leak key."""

    def __init__(self):
        self.counts = collections.Counter()
        self.by_family = collections.defaultdict(collections.Counter)
        self.leaks = collections.Counter()
        self.origins = collections.Counter()     # where leaks come from (minigrad file:line)
        self.reproducers = {}
        self.samples = collections.defaultdict(list)    # class -> a few (name, source, detail)
        self.seconds = 0.0
        # MINIGRAD_BADINPUT_DUMP=path: every call that is not "same", one JSON line each, for
        # grouping the divergences of a whole draw (the table keeps only a few samples)
        self.dump_path = os.environ.get("MINIGRAD_BADINPUT_DUMP")

    @property
    def total(self):
        return sum(self.counts.values())

    def add(self, family, name, source, cls, t, m):
        self.counts[cls] += 1
        if self.dump_path and cls != "same":
            with open(self.dump_path, "a") as out:
                out.write(json.dumps({
                    "class": cls, "family": family, "name": name, "source": source,
                    "torch": f"{t.exc_type}: {t.message}" if t.raised else "returns",
                    "minigrad": f"{m.exc_type}: {m.message}" if m.raised else "returns"}) + "\n")
        self.by_family[family][cls] += 1
        if cls in ("leak", "numpy-warning"):
            key = leak_key(name, m)
            self.leaks[key] += 1
            if m.raised:
                self.origins[m.frame] += 1
            if key not in self.reproducers or len(source) < len(self.reproducers[key][0]):
                detail = (f"{m.exc_type}: {m.message} [{m.frame}]" if m.raised
                          else "; ".join(w for _, w, _ in m.warnings))
                torch_did = f"{t.exc_type}: {t.message}" if t.raised else "returns"
                self.reproducers[key] = (source, detail, torch_did)
        elif cls != "same" and len(self.samples[cls]) < 8:
            self.samples[cls].append((name, source,
                                      f"torch {t.exc_type}: {t.message} | minigrad "
                                      f"{m.exc_type}: {m.message}"))

    def table(self):
        total = self.total or 1
        lines = [f"bad-input fuzz: {self.total} calls in {self.seconds:.1f} s"]
        families = sorted(self.by_family)
        lines.append(f"{'class':<15}{'calls':>7}{'%':>7}  " + " ".join(
            f"{f[:7]:>7}" for f in families))
        for cls in CLASSES:
            lines.append(f"{cls:<15}{self.counts[cls]:>7}{100 * self.counts[cls] / total:>6.1f}%  "
                         + " ".join(f"{self.by_family[f][cls]:>7}" for f in families))
        if self.origins:
            lines.append("leak origins (innermost frame, calls): " + ", ".join(
                f"{where} x{n}" for where, n in self.origins.most_common(12)))
        if self.leaks:
            lines.append("leak sources (function: kind, calls), one reproducer each:")
            for key, n in self.leaks.most_common():
                src, detail, torch_did = self.reproducers[key]
                lines.append(f"  {key} x{n}: {src!r}\n      minigrad {detail}\n"
                             f"      torch {torch_did}")
        return "\n".join(lines)


def draw_call(data):
    """A family (each as likely), a template of it, and its placeholders filled; calls that
    mention a device are tallied under `device`."""
    family = data.draw(st.sampled_from(sorted(FAMILIES)), label="family")
    name, template = data.draw(st.sampled_from(FAMILIES[family]), label="template")
    source = fill(template, lambda key, options: data.draw(st.sampled_from(options), label=key))
    return family_of(family, source), name, source


def run_fuzz(examples, derandomize=True, tally=None):
    """Classify `examples` random calls; returns the Tally."""
    tally = tally or Tally()

    @settings(max_examples=examples, derandomize=derandomize, deadline=None, database=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(st.data())
    def one_call(data):
        family, name, source = draw_call(data)
        cls, t, m = compare(source)
        tally.add(family, name, source, cls, t, m)

    start = time.perf_counter()
    one_call()
    tally.seconds += time.perf_counter() - start
    return tally
