"""minigrad.viz: see the autograd graph, its state, and the backward pass.

    from minigrad import viz
    viz.graph(loss)            # plain data: GraphModel(.nodes, .edges)
    viz.draw(loss)             # a Diagram: SVG in Jupyter, .source is DOT, repr is text
    viz.BackwardStepper(loss)  # step through backward node by node (ipywidgets)
    viz.quiz("01/slug", run=fn)         # predict, then run (text from viz.quizbank)
    viz.exercise("01/slug", check=fn)   # Check button + hidden solution (viz.quizbank)
    viz.set_language("zh")     # widget text in Chinese (the Chinese notebooks' first cell)
    viz.explain(err)           # what an autograd error means, its usual causes, the fix
    viz.find_inplace(step)     # run a step; name the line whose in-place op broke backward
    viz.legend()               # what the diagrams' labels mean (label · 中文 · meaning)

Widgets: BackwardStepper, LiveGraph, Quiz, InplaceLab, GradModeLab, LeafTable,
HookOrderLab, ViewsLab, Exercise. Each wraps a headless model (`.model`, also importable as
`StepperModel`, `QuizModel`, ...) that works and is tested without Jupyter. ipywidgets is
imported only when a widget is created.
"""
from ._i18n import get_language, set_language
from .diagram import DEFAULT_MAX_NODES, Diagram, draw, graph
from .exercise import Exercise, ExerciseModel, exercise
from .explain import Explanation, explain
from .find_inplace import FindInplaceResult, InplaceSite, find_inplace
from .dot import DrawState, to_dot
from .lab_gradmode import GradModeLab, GradModeLabModel
from .lab_hooks import HookOrderLab, HookOrderLabModel
from .lab_inplace import InplaceLab, InplaceLabModel
from .lab_leaf import LeafTable, LeafTableModel
from ._legend import Legend, legend
from .lab_views import ViewsLab, ViewsLabModel
from .live import LiveGraph, LiveGraphModel
from .model import Edge, GraphModel, Node
from .quiz import Quiz, QuizModel, quiz
from .render import renderer_path
from .stepper import BackwardStepper, Step, StepperModel

__all__ = [
    "graph", "draw", "quiz", "Diagram", "GraphModel", "Node", "Edge", "to_dot", "DrawState",
    "renderer_path", "DEFAULT_MAX_NODES",
    "BackwardStepper", "StepperModel", "Step", "LiveGraph", "LiveGraphModel", "Quiz",
    "QuizModel", "InplaceLab", "InplaceLabModel", "GradModeLab", "GradModeLabModel",
    "LeafTable", "LeafTableModel", "HookOrderLab", "HookOrderLabModel", "ViewsLab",
    "ViewsLabModel", "exercise", "Exercise", "ExerciseModel", "set_language", "get_language",
    "explain", "Explanation", "find_inplace", "FindInplaceResult", "InplaceSite",
    "legend", "Legend",
]
