"""BackwardStepper's view follows its model: `stepper.model.goto(i)` typed in a cell moves
the widget (slider, text, diagram), and Next always goes one step from where the view is."""
import pytest

from minigrad import viz

from test_widgets import STEPS, stdout_of, stepper_program

pytest.importorskip("ipywidgets")


def _highlighted(w):
    """The DOT `current` node of the diagram the widget shows now (None before backward)."""
    return w.model.diagram().state.current


def test_first_next_goes_to_step_1():
    a, b, loss = stepper_program()   # names a, b are read from this frame
    w = viz.BackwardStepper(loss)
    w.next_button.click()
    assert (w.model.index, w.slider.value) == (1, 1)
    assert stdout_of(w.info) == STEPS[1] + "\n"


def test_view_follows_goto_from_code_and_next_continues_from_there():
    a, b, loss = stepper_program()   # names a, b are read from this frame
    w = viz.BackwardStepper(loss)
    picture_before = w.picture.outputs
    w.model.goto(3)                       # what notebook 00 does in the cell after the widget
    assert w.slider.value == 3
    assert stdout_of(w.info) == STEPS[3] + "\n"
    assert w.picture.outputs != picture_before
    assert _highlighted(w) == w.model.steps[2].node_id
    w.next_button.click()                 # one step on, not a jump
    assert (w.model.index, w.slider.value) == (4, 4)
    assert stdout_of(w.info) == STEPS[4] + "\n"
    w.model.goto(0)
    w.next_button.click()
    assert (w.model.index, w.slider.value) == (1, 1)
    assert stdout_of(w.info) == STEPS[1] + "\n"


def test_observers_fire_once_per_change_and_not_at_the_ends():
    a, b, loss = stepper_program()   # names a, b are read from this frame
    m = viz.StepperModel(loss)
    seen = []
    m.observe(seen.append)
    m.prev()                              # already at 0: no change, no call
    m.goto(2)
    m.goto(2)
    m.goto(99)                            # clamped to the last position
    m.next()                              # at the end: no change
    assert seen == [2, 4]
