"""The site's own words, in English and Chinese (the notebooks and the quiz bank bring theirs).

`WORDS[lang][key]`; `say(lang, key, **fields)` fills `{field}` placeholders. The widget words a
notebook shows in JupyterLab ("The answer is:", "Show solution", ...) are not repeated here:
the pages ask `minigrad.viz._i18n` for them, so the site and the notebooks say the same thing.
"""

LANGS = ("en", "zh")
SPHINX_LANGUAGE = {"en": "en", "zh": "zh_CN"}      # Sphinx's and the theme's own labels
OTHER = {"en": "zh", "zh": "en"}

WORDS = {
    "en": {
        "site_title": "minigrad: PyTorch autograd, hands on",
        "switch_label": "中文",
        "switch_title": "这一页的中文版",
        "home_intro": (
            "A course on how PyTorch 2.13's autograd really behaves: what `detach()` shares, "
            "which tensors get a `.grad`, when an in-place edit breaks `backward()`, what "
            "`no_grad` switches off, and how it all plays out in a training loop. Every "
            "example runs on minigrad, a small NumPy engine that prints what torch prints. "
            "These pages show the notebooks with their stored outputs; the quizzes work "
            "here too, the labs and exercise checks need a running notebook."),
        "notebooks": "Notebooks",
        "reference": "Reference",
        "no_notebooks": "No notebooks are stored yet.",
        "run_title": "Run it yourself",
        "run_body": (
            "Clone the repository, then: `make lab` opens these notebooks in JupyterLab "
            "(it creates `.venv` and installs what they need), and `make test` checks "
            "everything. Python 3.10+ and `make` are all you need; nothing needs root."),
        "lab_title": "Interactive: needs a running notebook",
        "lab_body": (
            "This panel is a live widget: it needs a Python kernel. Open "
            "<a href=\"{href}\"><code>{path}</code></a> in JupyterLab (<code>make lab</code>) "
            "to use it. What it shows when it starts:"),
        "exercise_kernel": (
            "Edit the code above in the notebook (<code>make lab</code>, "
            "<a href=\"{href}\"><code>{path}</code></a>) and press <b>Check</b>. "
            "Stored verdict:"),
        "quiz_hint": "Pick an answer: the verdict and the explanation appear below.",
        "collapsed_prose": "Explanation (open it after you predict)",
        "collapsed_output": "Output (open it after you predict)",
        "hidden_input": "Helper code (click to show)",
        "hide": "Hide",
        "errors_title": "Error messages",
        "errors_intro": (
            "The autograd errors and warnings learners meet most, each with torch 2.13's exact "
            "message, what it means, a minimal program that raises it (the same with "
            "`import minigrad as torch`), the fix, and the section of notebook 08 that takes it "
            "apart. In a notebook, `viz.explain(error)` gives the same explanation for your "
            "own error."),
        "errors_col_message": "Message",
        "errors_col_family": "What it is",
        "repro": "A minimal reproduction",
        "repro_prints": "torch 2.13 (and minigrad, which says `minigrad` where torch says "
                        "`torch`) reports:",
        "warning_note": "This one is a warning, not an error: the program goes on and the "
                        "value read is `None`.",
        "family": "Family",
        "nb08": "notebook 08, section",
        "nb08_missing": "Notebook 08 is not in this build yet: see the notebook list.",
        "explain_hint": "For your own error: `viz.explain(e)` in a notebook "
                        "(`from minigrad import viz`).",
    },
    "zh": {
        "site_title": "minigrad：动手学 PyTorch 自动求导",
        "switch_label": "English",
        "switch_title": "This page in English",
        "home_intro": (
            "这门课讲 PyTorch 2.13 的自动求导（autograd）真实的行为：`detach()` 和原张量共享什么、"
            "哪些张量会得到 `.grad`、什么时候一次原地修改会让 `backward()` 出错、`no_grad` "
            "到底关掉了什么，以及这些在训练循环里是什么样子。所有例子都在 minigrad 上运行，"
            "它是一个小小的 NumPy 引擎，打印的内容和 torch 一样。这些网页展示 notebook "
            "保存下来的输出；测验在网页上也能做，实验面板和练习的检查需要运行中的 notebook。"),
        "notebooks": "Notebook",
        "reference": "参考",
        "no_notebooks": "还没有保存好的 notebook。",
        "run_title": "自己动手运行",
        "run_body": (
            "克隆仓库，然后：`make lab` 在 JupyterLab 里打开这些 notebook（会创建 `.venv` "
            "并装好所需的一切），`make test` 检查全部内容。只需要 Python 3.10+ 和 `make`，"
            "不需要 root 权限。"),
        "lab_title": "交互面板：需要运行中的 notebook",
        "lab_body": (
            "这是一个实时控件，需要 Python 内核。用 JupyterLab（<code>make lab</code>）打开 "
            "<a href=\"{href}\"><code>{path}</code></a> 才能使用。它启动时显示的内容："),
        "exercise_kernel": (
            "在 notebook 里修改上面的代码（<code>make lab</code>，"
            "<a href=\"{href}\"><code>{path}</code></a>），再按<b>检查</b>。保存下来的结果："),
        "quiz_hint": "选一个答案：结论和解释会出现在下面。",
        "collapsed_prose": "解释（先预测，再点开）",
        "collapsed_output": "输出（先预测，再点开）",
        "hidden_input": "辅助代码（点击显示）",
        "hide": "收起",
        "errors_title": "报错信息",
        "errors_intro": (
            "学习者最常遇到的自动求导报错和警告。每一条都有 torch 2.13 的报错原文、它的含义、"
            "一段会触发它的最小程序（换成 `import minigrad as torch` 也一样）、解决办法，"
            "以及第 08 本 notebook 里详细讲解它的小节。在 notebook 里，`viz.explain(error)` "
            "会对你自己的报错给出同样的解释。"),
        "errors_col_message": "报错原文",
        "errors_col_family": "是什么",
        "repro": "最小复现",
        "repro_prints": "torch 2.13 报告（minigrad 也一样，只是把 `torch` 写成 `minigrad`）：",
        "warning_note": "这是一条警告而不是错误：程序会继续运行，读到的值是 `None`。",
        "family": "类别",
        "nb08": "第 08 本 notebook，小节",
        "nb08_missing": "这次构建里还没有第 08 本 notebook：请看 notebook 列表。",
        "explain_hint": "对你自己的报错：在 notebook 里运行 `viz.explain(e)`"
                        "（`from minigrad import viz`）。",
    },
}


def say(lang: str, key: str, **fields) -> str:
    """The site's sentence `key` in `lang`, with `{field}`s filled in."""
    text = WORDS[lang][key]
    return text.format(**fields) if fields else text
