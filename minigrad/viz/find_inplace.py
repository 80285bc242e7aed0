"""`viz.find_inplace(step)`: which line's in-place op broke backward?

    def step():
        y = x.sigmoid()
        y.mul_(2)              # <- the line find_inplace names
        y.sum().backward()

    viz.find_inplace(step)

When backward fails with "one of the variables needed for gradient computation has been
modified by an inplace operation", the message says which saved tensor changed and its
versions, and torch's anomaly mode shows where the failing node was created, but nobody says
which in-place operation made the change. `find_inplace` runs `step()` under minigrad with a
watcher installed (`minigrad.autograd.anomaly.set_watcher`): every version-counter bump is
recorded with the first calling frame outside the minigrad package (the learner's line),
and the failed version check reports the saved tensor's counter and the version it was saved
at. The bump that took that counter from the saved version to the next one is the edit that
broke backward: its line is in the result, with the other bumps of the same counter.

The step's own error is caught (and kept in `.error`); its message is minigrad's, the same
text as torch's. Outside `find_inplace` the watcher costs nothing beyond the flag check the
version bump already makes for anomaly mode and traces. Bumps made by other threads while
the step runs are recorded too (the watcher is process-wide, like anomaly mode).
"""
import dataclasses
import html
import linecache
import os
import sys

from ..autograd.anomaly import set_watcher
from ._i18n import LANGUAGES, get_language
from .explain import explain

__all__ = ["find_inplace", "InplaceSite", "FindInplaceResult"]

# the minigrad package folder: frames in it are ours, not the learner's
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


@dataclasses.dataclass(frozen=True)
class InplaceSite:
    """One version bump: the counter's value after it, and the learner's line that made it."""
    version: int
    filename: str
    lineno: int
    function: str
    line: str

    def __str__(self):
        return f"{self.filename}:{self.lineno}: {self.line}"


def _user_frame():
    """The innermost frame whose code is not in the minigrad package (None if there is none)."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not os.path.abspath(filename).startswith(_PACKAGE_DIR):
            return frame
        frame = frame.f_back
    return None


class _Watcher:
    """Records bumps as (counter, site) and the failed version check, for one step."""

    def __init__(self):
        self.bumps = []          # (VersionCounter, version, filename, lineno, function)
        self.failure = None      # (VersionCounter, saved version, current version, node name)

    def on_bump(self, tensor):
        # the source line is read later, only for the bumps of the failing tensor
        vc = tensor._vc
        frame = _user_frame()
        if frame is None:
            self.bumps.append((vc, vc.value, "<unknown>", 0, "<unknown>"))
        else:
            code = frame.f_code
            self.bumps.append((vc, vc.value, code.co_filename, frame.f_lineno, code.co_name))

    def sites_of(self, counter):
        """The bumps of one version counter, as InplaceSites, in order."""
        return [InplaceSite(version, filename, lineno, function,
                            linecache.getline(filename, lineno).strip())
                for vc, version, filename, lineno, function in self.bumps if vc is counter]

    def on_version_error(self, saved, node):
        if self.failure is not None:     # keep the first: that is the error the step raised
            return
        vc = saved.vc if saved.tensor is None else saved.tensor._vc
        self.failure = (vc, saved.version, vc.value, node.name())


_TEXT = {
    "en": {
        "found": "The in-place op that broke backward: {site}",
        "where": "{filename}, line {lineno}, in {function}",
        "history": "Versions of the tensor that {node} needed (saved at version {saved}, "
                   "backward found version {current}):",
        "saved": "saved by the forward pass at version {saved}",
        "culprit": "<- moved it past the saved version",
        "no_error": "The step ran without the in-place error: nothing to locate.",
        "other_error": "The step raised a different error ({kind}); find_inplace only "
                       "locates the in-place version error.",
        "not_found": "The step raised the in-place error, but no recorded bump took the "
                     "saved tensor from version {saved} to {next} (was the edit made outside "
                     "this step, or by real torch?).",
        "sep": ": ",
    },
    "zh": {
        "found": "让 backward 出错的原地操作：{site}",
        "where": "{filename}，第 {lineno} 行，在 {function} 中",
        "history": "{node} 需要的那个张量的版本历史（保存时版本为 {saved}，backward 看到的"
                   "版本为 {current}）：",
        "saved": "前向传播保存时的版本为 {saved}",
        "culprit": "<- 让它越过了保存时的版本",
        "no_error": "这一步运行时没有出现原地修改的报错：没有什么要定位的。",
        "other_error": "这一步抛出的是另一种错误（{kind}）；find_inplace 只定位原地修改导致的"
                       "版本报错。",
        "not_found": "这一步抛出了原地修改的报错，但记录下的修改里没有一次把被保存的张量从版本 "
                     "{saved} 变成 {next}（修改是在这一步之外做的，还是用的是真正的 torch？）。",
        "sep": "：",
    },
}


class FindInplaceResult:
    """What `find_inplace` returns. `.raised`: the step raised; `.error`: the exception;
    `.explanation`: `viz.explain(error)`; `.site`: the `InplaceSite` of the op that moved the
    saved tensor past its saved version (None when not found); `.history`: every bump of
    that tensor's version counter during the step; `.node`: the node whose backward
    failed; `.saved_version` / `.found_version`: the versions in the message."""

    def __init__(self, lang, error=None, watcher=None):
        self.lang = lang
        self.error = error
        self.raised = error is not None
        self.explanation = explain(error, lang=lang) if error is not None else None
        self.site = self.node = self.saved_version = self.found_version = None
        self.history = []
        failure = watcher.failure if watcher is not None else None
        if self.explanation is not None and self.explanation.kind == "inplace-modified" \
                and failure is not None:
            vc, self.saved_version, self.found_version, self.node = failure
            self.history = watcher.sites_of(vc)
            for site in self.history:
                if site.version == self.saved_version + 1:
                    self.site = site
                    break

    def _lines(self):
        text = _TEXT[self.lang]
        if not self.raised:
            return [text["no_error"]]
        if self.explanation.kind != "inplace-modified":
            return [text["other_error"].format(kind=self.explanation.kind)]
        if self.site is None:
            saved = self.explanation.expected_version
            return [text["not_found"].format(saved=saved, next=None if saved is None
                                             else saved + 1)]
        lines = [text["found"].format(site=self.site.line),
                 "  " + text["where"].format(**vars(self.site)),
                 text["history"].format(node=self.node, saved=self.saved_version,
                                        current=self.found_version)]
        saved_line = "  " + text["saved"].format(saved=self.saved_version)
        for site in self.history:
            if site is self.site:      # the bumps before it happened before the save
                lines.append(saved_line)
            mark = "  " + text["culprit"] if site is self.site else ""
            lines.append(f"  v{site.version}  {os.path.basename(site.filename)}:"
                         f"{site.lineno}  {site.line}{mark}")
        return lines

    def __str__(self):
        out = "\n".join(self._lines())
        if self.explanation is not None:
            out += "\n\n" + str(self.explanation)
        return out

    def __repr__(self):
        where = f" {self.site.filename}:{self.site.lineno}" if self.site else ""
        return f"<FindInplaceResult raised={self.raised}{where}>"

    def _repr_markdown_(self):
        lines = self._lines()
        head = lines[0]
        if self.site is not None:
            head = head.replace(self.site.line, f"`{self.site.line}`")
        md = "**" + head + "**"
        if len(lines) > 1:
            md += "\n\n```\n" + "\n".join(lines[1:]) + "\n```"
        if self.explanation is not None:
            md += "\n\n" + self.explanation._repr_markdown_()
        return md

    def _repr_html_(self):
        lines = self._lines()
        out = f"<p><b>{html.escape(lines[0])}</b></p>"
        if len(lines) > 1:
            out += "<pre>" + html.escape("\n".join(lines[1:])) + "</pre>"
        if self.explanation is not None:
            out += self.explanation._repr_html_()
        return out


def find_inplace(fn, lang=None):
    """Run `fn()` (a training step that calls backward) under minigrad and, if backward
    fails with the in-place version error, name the line of the in-place op that moved the
    saved tensor past its saved version. Returns a `FindInplaceResult` (also when `fn` does
    not raise, or raises something else). `lang`: "en" or "zh", by default the language of
    `viz.set_language`."""
    if not callable(fn):
        raise TypeError(f"find_inplace() expects a function to run, got {type(fn).__name__}")
    lang = get_language() if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
    watcher = _Watcher()
    previous = set_watcher(watcher)
    try:
        fn()
    except Exception as error:      # the step's own error is the result, shown not raised
        return FindInplaceResult(lang, error, watcher)
    finally:
        set_watcher(previous)
    return FindInplaceResult(lang)
