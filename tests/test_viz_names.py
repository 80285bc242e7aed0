"""Which of a tensor's names a diagram shows (minigrad/viz/_names.py's rules): a module's
attribute path over a stray variable, the outermost path, locals over globals, then the
shortest and alphabetically first name, whatever order the namespace lists them in."""
import minigrad as torch
from minigrad import viz
from minigrad.viz import _names

SHADOW = None          # a global the tests point at a tensor


def _labels(model):
    return [n.label for n in model.find(kind="tensor")]


def test_a_loop_variable_left_on_a_parameter_does_not_name_it():
    # notebook 02 §6: `for name, prm in lin.named_parameters()` leaves prm on the bias
    torch.manual_seed(0)
    lin = torch.nn.Linear(2, 3)
    for _name, prm in lin.named_parameters():
        assert prm.is_leaf
    out = lin(torch.tensor([[1., 2.]]))
    labels = _labels(viz.graph(out))
    assert "lin.bias" in labels and "lin.weight" in labels and "prm" not in labels
    assert prm is lin.bias                       # the stray name is still there


def test_a_plain_variable_on_a_parameter_gives_way_to_the_attribute_path():
    lin = torch.nn.Linear(2, 1)
    w = lin.weight
    out = lin(torch.ones(1, 2)).sum()
    labels = _labels(viz.graph(out))
    assert "lin.weight" in labels and "w" not in labels and w is lin.weight


def test_the_path_through_the_outermost_module_wins():
    model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 1))
    layer = model[1]                             # e.g. left by `for layer in model:`
    out = model(torch.ones(1, 2)).sum()
    labels = _labels(viz.graph(out))
    assert {"model.1.weight", "model.1.bias", "model.0.weight"} <= set(labels)
    assert not [x for x in labels if x.startswith("layer.")] and layer is model[1]


def test_a_local_beats_a_shorter_global():
    global SHADOW
    a_local_name = torch.tensor([1.], requires_grad=True)
    SHADOW = a_local_name
    try:
        assert "a_local_name" in _labels(viz.graph((a_local_name * 2).sum()))
        names = _names.Names.from_namespaces({"long_local": SHADOW}, {"g": SHADOW})
        assert names.get(SHADOW) == "long_local"
    finally:
        SHADOW = None


def test_same_kind_shortest_then_alphabetical_in_any_order():
    t = torch.tensor([1.])
    for ns in ({"bb": t, "aa": t, "ccc": t}, {"ccc": t, "bb": t, "aa": t}):
        assert _names.Names.from_namespaces(ns).get(t) == "aa"
    # explicit names= follow the same tie rule
    assert _names.Names.from_argument({"zz": t, "yy": t}, []).get(t) == "yy"


def test_module_level_names_are_not_ranked_as_globals():
    t = torch.tensor([1.])
    module_ns = {"short": t}
    # at module level, locals and globals are the same dict
    names = _names.Names.from_namespaces(module_ns, module_ns)
    assert names.get(t) == "short"
    names = _names.Names.from_namespaces({"longer_local": t}, module_ns)
    assert names.get(t) == "longer_local"
