"""Notebook 05's exercise checkers agree with the lesson: an edit through `.data` that hides
a stale saved tensor is rejected, as is an in-place step where a node kept the tensor."""
from minigrad.viz.quizbank.nb05 import check_in_place, check_two_steps


def _steps(update_between, new_forward):
    def train_step(model, opt, batch):
        out = model(batch)
        opt.zero_grad()
        ((out - 1) ** 2).mean().backward(retain_graph=not new_forward)
        update_between(model, opt)
        if new_forward:
            out = model(batch)
        opt.zero_grad()
        out.abs().mean().backward()
        opt.step()
    return train_step


def _sgd_through_data(model, opt):
    for p in model.parameters():
        p.data -= 0.1 * p.grad


def test_two_steps_accepts_a_second_forward_pass():
    assert check_two_steps(_steps(lambda m, o: o.step(), True)).startswith("Correct")


def test_two_steps_rejects_the_stale_graph():
    verdict = check_two_steps(_steps(lambda m, o: o.step(), False))
    assert verdict == "Not yet: train_step raises: a saved tensor is at version 2, saved at " \
                      "version 1"


def test_two_steps_rejects_a_data_update_that_hides_the_stale_weights():
    verdict = check_two_steps(_steps(_sgd_through_data, False))
    assert verdict.startswith("Not yet: the weights differ")


def test_two_steps_rejects_one_step_on_the_summed_losses():
    def one_step(model, opt, batch):
        out = model(batch)
        opt.zero_grad()
        (((out - 1) ** 2).mean() + out.abs().mean()).backward()
        opt.step()

    assert check_two_steps(one_step).startswith("Not yet: the weights differ")


def _forward(sigmoid_in_place, mul_in_place, exp_in_place):
    def forward(x):
        a = x * 3
        b = a.sigmoid_() if sigmoid_in_place else a.sigmoid()
        c = b.mul_(2) if mul_in_place else b * 2
        d = c.exp_() if exp_in_place else c.exp()
        return a, b, c, d
    return forward


def test_in_place_accepts_exactly_the_safe_steps():
    assert check_in_place(_forward(True, False, True)).startswith("Correct")


def test_in_place_asks_for_each_missing_safe_step():
    verdict = check_in_place(_forward(True, False, False))
    assert "exp step can be in place" in verdict and "sigmoid step" not in verdict
    verdict = check_in_place(_forward(False, False, True))
    assert "sigmoid step can be in place" in verdict and "exp step" not in verdict


def test_in_place_rejects_editing_what_sigmoid_saved():
    verdict = check_in_place(_forward(True, True, True))
    assert verdict.startswith("Not yet: d.sum().backward() raises: a saved tensor is at version")


def test_in_place_rejects_an_edit_through_data():
    def through_data_out_of_place(x):
        a = x * 3
        b = a.sigmoid_()
        b.data.mul_(2)               # the check never sees it: the gradient is silently wrong
        d = b.exp()
        return a, b, b, d

    assert "x.grad is" in check_in_place(through_data_out_of_place)


def test_in_place_rejects_an_edit_of_the_leaf():
    def leaf_edit(x):
        a = x.mul_(3)
        return a, a.sigmoid_(), a, a
    assert "forward raises: a leaf Variable that requires grad" in check_in_place(leaf_edit)
