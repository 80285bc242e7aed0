"""APIs the ported tutorials, the autograd mechanics note and torch's test_autograd.py methods
reach for (issue 20): `Tensor._is_view()` and `torch.save` / `torch.load` (tensors, views,
Parameters, state_dicts, containers; paths and file-like objects; `weights_only` and
`map_location`) and `grad_fn._raw_saved_<name>.register_hooks`, each case run under torch
2.13 and minigrad (see difftest.py), plus the minigrad-only parts of `minigrad.serialization`
(its own file format, its allow-list)."""
import io
import pickle

import pytest

import minigrad
from difftest import assert_same, case, requires_torch

IS_VIEW = [
    case("is_view_basic",
         "x = torch.randn(4, requires_grad=True)",
         "x._is_view(), x[1:]._is_view(), x[1:][1:]._is_view(), x.view(2, 2)._is_view()",
         "x.detach()._is_view(), x.data._is_view(), x[1:].detach()._is_view(), "
         "x[1:].data._is_view()",
         "x.reshape(4)._is_view(), x.reshape(2, 2)._is_view(), x.contiguous()._is_view(), "
         "x.unsqueeze(0)._is_view(), x.expand(2, 4)._is_view(), x.unbind()[0]._is_view()",
         "(x * 2)._is_view(), (x * 2)[0]._is_view(), x[1:]._base is x, x[1:][1:]._base is x"),
    case("is_view_grad_modes",
         "x = torch.ones(4, requires_grad=True)\nw = torch.ones(4)",
         "with torch.no_grad():\n    v = x[1:]\nv._is_view()",
         "with torch.inference_mode():\n    y = torch.ones(4)\n    a = y[1:]._is_view()\n"
         "    b = w[1:]._is_view()\na, b, y[1:]._is_view(), y.detach()[1:]._is_view()"),
    case("is_view_arguments",
         "x = torch.ones(2)", "x._is_view(1, 2)", "x._is_view(a=1)", "x._is_view(1, a=1)"),
]

ROUND_TRIP = ("import io\n"
              "def round_trip(obj, **kwargs):\n"
              "    buf = io.BytesIO()\n"
              "    print(torch.save(obj, buf))\n"
              "    buf.seek(0)\n"
              "    return torch.load(buf, **kwargs)")

SAVE_LOAD = [
    case("save_load_tensors", ROUND_TRIP,
         "x = torch.ones(2, 3, requires_grad=True)\nx.sum().backward()\n"
         "y = round_trip(x)\ny, y.grad, y.is_leaf, y.grad_fn, y is x",
         "round_trip(x * 2)",
         "t = round_trip(torch.arange(6).reshape(2, 3).t())\n"
         "t, t.stride(), t.is_contiguous(), t.dtype",
         "e = round_trip(torch.arange(4.)[None].expand(3, 4))\ne, e.stride()",
         "round_trip(torch.tensor(3.5)), round_trip(torch.tensor([True, False])), "
         "round_trip(torch.tensor([1.5], dtype=torch.float64))"),
    case("save_load_views_share_storage", ROUND_TRIP,
         "v = round_trip(torch.arange(6.)[2:4])\n"
         "v, v._is_view(), v._base, v.storage_offset(), v.untyped_storage().size()",
         "base = torch.arange(4.)\nd = round_trip({'a': base, 'b': base[1:]})\n"
         "d['a'][1] = 100.\nd['b']",
         "a = torch.ones(2)\npair = round_trip([a, a])\npair[0] is pair[1]"),
    case("save_load_parameters_and_state_dicts", ROUND_TRIP,
         "p = round_trip(torch.nn.Parameter(torch.ones(2)))\ntype(p).__name__, p",
         "q = round_trip(torch.nn.Parameter(torch.ones(2), requires_grad=False))\n"
         "type(q).__name__, q.requires_grad",
         "m = torch.nn.Linear(2, 2)\nsd = round_trip(m.state_dict())\n"
         "type(sd).__name__, list(sd), [v.shape for v in sd.values()]",
         "m2 = torch.nn.Linear(2, 2)\nm2.load_state_dict(sd)",
         "all(bool((a == b).all()) for a, b in zip(m.parameters(), m2.parameters()))",
         "seq = round_trip(torch.nn.Sequential(m, torch.nn.ReLU()), weights_only=False)\nseq"),
    case("save_load_plain_containers", ROUND_TRIP,
         "round_trip({'a': [torch.ones(1), 2, 3.5], 'b': 'str', 'c': (1, None)})",
         "round_trip([1, 2.5, 'a', None, True, (1, 2), {3}, 1 + 2j])",
         "round_trip({'d': torch.float64, 's': torch.Size([2, 3]), 'dev': torch.device('cpu')})",
         "import collections\nround_trip(collections.OrderedDict(w=torch.zeros(2)))"),
    case("save_load_paths",
         "import os, pathlib, tempfile\nfolder = tempfile.mkdtemp()\n"
         "x = torch.tensor([1., 2.], requires_grad=True)",
         "name = os.path.join(folder, 'x.pt')\ntorch.save(x, name)\ntorch.load(name)",
         "path = pathlib.Path(folder) / 'y.pt'\ntorch.save({'x': x}, path)\ntorch.load(path)",
         "try:\n    torch.load(os.path.join(folder, 'missing.pt'))\n"
         "except FileNotFoundError as e:\n    print(e.errno, e.strerror)",
         "torch.save(x, 5)", "torch.load(5)"),
    case("load_weights_only", ROUND_TRIP,
         "buf = io.BytesIO()\ntorch.save(torch.nn.Linear(2, 1), buf)",
         "buf.seek(0)\ntorch.load(buf)",
         "buf.seek(0)\ntorch.load(buf, weights_only=True)",
         "buf.seek(0)\ntype(torch.load(buf, weights_only=False)).__name__",
         "import pickle\nbuf.seek(0)\ntorch.load(buf, pickle_module=pickle, weights_only=True)",
         "buf.seek(0)\ntype(torch.load(buf, pickle_module=pickle)).__name__"),
    case("load_map_location", ROUND_TRIP,
         "x = torch.ones(2, requires_grad=True)",
         "round_trip(x, map_location='cpu'), round_trip(x, map_location=torch.device('cpu'))",
         "round_trip(x, map_location={'cpu': 'cpu'}), "
         "round_trip(x, map_location=lambda storage, loc: storage)",
         "round_trip(x, map_location='cuda')",
         "round_trip(x, map_location='cuda:0')",
         "round_trip(x, map_location=torch.device('cuda'))",
         "round_trip(x, map_location={'cpu': 'cuda:0'})",
         "round_trip(x, map_location='xyz')"),
]

RAW = "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"

RAW_SAVED = [
    case("raw_saved_attributes", RAW,
         "y = x ** torch.tensor([2., 1., .5], requires_grad=True)\nfn = y.grad_fn\n"
         "sorted(n for n in dir(fn) if n.startswith('_raw_saved'))",
         "r = fn._raw_saved_self\ntype(r).__name__, fn._raw_saved_self is r, "
         "fn._raw_saved_result is r",
         "r", "fn._raw_saved_other",
         "p = x.pow(2)\nsorted(n for n in dir(p.grad_fn) if n.startswith('_raw_saved'))",
         "p.grad_fn._raw_saved_exponent",
         "sorted(n for n in dir((x * 3).grad_fn) if n.startswith('_raw_saved'))"),
    case("raw_saved_register_hooks", RAW,
         "y = x.pow(2)\nr = y.grad_fn._raw_saved_self\n"
         "r.register_hooks(lambda t: (print('pack', t), t)[1], "
         "lambda t: (print('unpack', t), t)[1])",
         "y.grad_fn._saved_self",
         "r.register_hooks(lambda t: t, lambda t: t)",
         "y.sum().backward()\nx.grad",
         "y.grad_fn._raw_saved_self is r",
         "r.register_hooks(lambda t: t, lambda t: t)",
         "r.register_hooks(print)", "r.register_hooks(1, 2)"),
    case("raw_saved_hooks_change_and_check_the_value", RAW,
         "store = {}\ndef pack(t):\n    store['k'] = t * 0 + 1\n    return 'k'\n"
         "y = x.pow(2)\ny.grad_fn._raw_saved_self.register_hooks(pack, lambda k: store[k])\n"
         "y.sum().backward()\nx.grad",
         "q = x ** 2\nq.grad_fn._raw_saved_self.register_hooks(lambda t: 1, lambda t: 5)\n"
         "q.sum().backward()",
         "b = torch.ones(3, requires_grad=True)\nc = x * b\n"
         "c.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)\n"
         "with torch.no_grad():\n    b.mul_(2)\nc.sum().backward()"),
    case("raw_saved_hooks_keep_history", RAW,
         "h = x * 2\ny = h.pow(3)\n"
         "y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)\n"
         "y.grad_fn._saved_self",
         "g, = torch.autograd.grad(y.sum(), x, create_graph=True)\ng",
         "g.sum().backward()\nx.grad",
         "e = (x / 4).exp()\n"
         "e.grad_fn._raw_saved_result.register_hooks(lambda t: t, lambda t: t)\n"
         "e.grad_fn._saved_result, torch.autograd.grad(e.sum(), x, create_graph=True)"),
    case("raw_saved_hooks_to_disk",         # the autograd mechanics note's example
         "import os, tempfile, uuid\ntmp_dir = tempfile.mkdtemp()\n"
         "def pack_hook(tensor):\n    name = os.path.join(tmp_dir, str(uuid.uuid4()))\n"
         "    torch.save(tensor, name)\n    return name\n"
         "def unpack_hook(name):\n    return torch.load(name)\n" + RAW,
         "y = x.pow(2)\ny.grad_fn._raw_saved_self.register_hooks(pack_hook, unpack_hook)\n"
         "y.grad_fn._saved_self, len(os.listdir(tmp_dir))",
         "y.sum().backward()\nx.grad"),
]


@requires_torch
@pytest.mark.parametrize("cells, isolated", IS_VIEW + SAVE_LOAD + RAW_SAVED)
def test_same_as_torch(cells, isolated):
    assert_same(cells, isolated)


def _saved(obj):
    buf = io.BytesIO()
    minigrad.save(obj, buf)
    buf.seek(0)
    return buf


class _Point:
    def __init__(self, x):
        self.x = x


def test_add_safe_globals_and_the_context_manager_allow_a_class():
    buf = _saved(_Point(minigrad.ones(2)))
    with pytest.raises(pickle.UnpicklingError, match="Unsupported global: GLOBAL .*_Point"):
        minigrad.load(buf)
    with minigrad.serialization.safe_globals([_Point]):
        buf.seek(0)
        assert minigrad.load(buf).x.tolist() == [1.0, 1.0]
        assert _Point in minigrad.serialization.get_safe_globals()
    buf.seek(0)
    with pytest.raises(pickle.UnpicklingError):
        minigrad.load(buf)
    minigrad.serialization.add_safe_globals([_Point])
    try:
        buf.seek(0)
        assert isinstance(minigrad.load(buf), _Point)
    finally:
        minigrad.serialization.clear_safe_globals()
    assert minigrad.serialization.get_safe_globals() == []


def test_weights_only_refuses_code_that_would_run_on_load():
    class Evil:
        def __reduce__(self):
            return (print, ("ran",))
    with pytest.raises(pickle.UnpicklingError, match="GLOBAL builtins.print"):
        minigrad.load(_saved(Evil()))


def test_a_file_written_by_torch_is_refused_clearly(tmp_path):
    torch = pytest.importorskip("torch")
    path = tmp_path / "t.pt"
    torch.save(torch.ones(2), path)
    with pytest.raises(RuntimeError, match="minigrad.load reads only files written by"):
        minigrad.load(path)


def test_a_view_loads_over_its_whole_storage_at_its_offset():
    base = minigrad.arange(6.)
    loaded = minigrad.load(_saved(base[2:4]))
    assert loaded.tolist() == [2.0, 3.0] and loaded.storage_offset() == 2
    assert loaded.untyped_storage().size() == base.untyped_storage().size()
    loaded[0] = 9.0                               # writable, and the original is untouched
    assert base.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
