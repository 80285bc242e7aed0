"""Quizzes and exercises of notebook 07 (autograd in a training loop)."""

QUIZZES = {
    "07/three-backwards": dict(
        question="Three forward+backward passes on the same model, no zero_grad() in "
                 "between. What is model.weight.grad after the third?",
        choices=["the same as after the first backward",
                 "three times the gradient of one backward",
                 "an error: backward through the graph a second time"],
        answer=1,
        explanation="Each pass builds a new graph, so nothing is freed twice; each "
                    "backward() adds its gradient into .grad. That is why a training loop "
                    "calls optimizer.zero_grad() once per step."),
    "07/micro-batch-scale": dict(
        question="MSELoss averages over its batch. You call backward() on 4 micro-batches of "
                 "2 rows instead of 1 batch of 8. What makes the accumulated .grad equal the "
                 "full batch's?",
        choices=["nothing: the four gradients already add up to the full-batch gradient",
                 "divide each micro-batch loss by 4",
                 "multiply each micro-batch loss by 4"],
        answer=1,
        explanation="Each micro-batch loss is a mean over 2 rows, so its gradient has the "
                    "weight 1/2 per row instead of 1/8. Summing four of them gives 4 times "
                    "the full-batch gradient; dividing each loss by the number of "
                    "micro-batches fixes it."),
    "07/vector-backward": dict(
        question="x = tensor([1., 2., 3.], requires_grad=True); per_sample = x ** 2; "
                 "per_sample.backward(). What happens?",
        choices=["x.grad is [2., 4., 6.]: backward sums the outputs",
                 "x.grad is [12.]: the total of the derivatives",
                 "RuntimeError: a gradient is needed for a non-scalar output"],
        answer=2,
        explanation="backward() with no argument starts from the number 1, which only makes "
                    "sense for a scalar. For a vector output, reduce it first or pass "
                    "gradient= with one weight per element."),
    "07/vjp-row": dict(
        question="W = [[1, 2, 3], [4, 5, 6]], y = W @ x, y.backward(gradient=tensor([1., 0.])). "
                 "What is x.grad?",
        choices=["[1., 2., 3.]", "[1., 4.]", "[5., 7., 9.]"],
        answer=0,
        explanation="backward(gradient=v) computes v^T J, and the Jacobian of W @ x is W. "
                    "v = [1, 0] picks the first row of W: the gradient of y[0] alone."),
    "07/no-grad-is-not-eval": dict(
        question="A fresh network with BatchNorm1d and Dropout, still in training mode, runs "
                 "twice on the same batch inside torch.no_grad(). What do you see?",
        choices=["the same output twice, and BatchNorm has counted no batch",
                 "two different outputs, and BatchNorm has counted 2 batches",
                 "the same output twice, and BatchNorm has counted 2 batches"],
        answer=1,
        explanation="no_grad() only stops the graph. Module behaviour follows model.train() / "
                    "model.eval(): in training mode Dropout draws a new mask every call and "
                    "BatchNorm uses (and updates) batch statistics, grad mode or not."),
    "07/bptt-without-detach": dict(
        question="Chunk 2 continues from the hidden state h of chunk 1, after chunk 1's "
                 "backward(), without h.detach(). What happens at chunk 2's backward()?",
        choices=["it works, and the gradient covers both chunks",
                 "it works, but only chunk 2 gets gradients",
                 "RuntimeError: backward through the graph a second time"],
        answer=2,
        explanation="h still carries chunk 1's graph, whose saved tensors were freed by the "
                    "first backward(). Detaching h at the start of each chunk keeps its "
                    "values and cuts the history, so each backward stays inside its chunk."),
    "07/gan-without-detach": dict(
        question="Discriminator step without detach: d_loss = D(G(noise)).mean() - "
                 "D(real).mean(); d_loss.backward(). Which networks get a .grad?",
        choices=["only D", "D and G", "neither: an error is raised"],
        answer=1,
        explanation="The fake samples are G's output, so the graph of d_loss runs through G "
                    "and backward() fills G's .grad too. fake.detach() stops it at the "
                    "boundary between the two networks."),
    "07/total-loss-nodes": dict(
        question="After 50 training steps of total += loss (loss a tensor, backward() "
                 "called each step), how many graph nodes can total still reach?",
        choices=["1: just the last AddBackward0", "about 50: one per step",
                 "about 200: each step's whole graph"],
        answer=2,
        explanation="total holds the last AddBackward0, which holds the previous total and "
                    "this step's loss, and so on back to step 1: four new nodes per step "
                    "(Add, MseLoss, Addmm, T) plus the two shared AccumulateGrad nodes."),
    "07/hook-keeps-graph": dict(
        question="A forward hook stores `output` itself (no detach) during a training-mode "
                 "forward with grad mode on. What is the stored tensor?",
        choices=["a plain tensor: hooks run under no_grad",
                 "the live tensor, with its grad_fn and the graph behind it",
                 "a copy of the values with requires_grad=False"],
        answer=1,
        explanation="Hooks run in the forward pass with whatever grad mode is on. Storing the "
                    "output keeps its graph alive as long as the dict holds it: store "
                    "output.detach() instead."),
    "07/clip-returns": dict(
        question="Gradients [3., 4.] and [12.]; clip_grad_norm_([p, q], max_norm=1.0). What "
                 "does it return?",
        choices=["tensor(13.): the total norm before clipping",
                 "tensor(1.): the norm after clipping", "None: it works in place"],
        answer=0,
        explanation="The total norm is sqrt(9 + 16 + 144) = 13. Every gradient is multiplied "
                    "by 1/13 (almost: max_norm / (13 + 1e-6)), and the norm before clipping "
                    "is returned so that you can log it."),
}

EXERCISES = {
    "07/fix-loop": dict(
        title="fix this training loop",
        solution="""def buggy_train(steps=8, lr=0.05):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    total = 0.0
    for _ in range(steps):
        opt.zero_grad()                 # 1. clear last step's gradients
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        total += loss.item()            # 2. a number, not the graph
    return model, total / steps"""),
    "07/evaluate": dict(
        title="evaluate without side effects",
        solution="""def evaluate(model, inputs):
    model.eval()                        # Dropout off, running BatchNorm statistics
    with torch.no_grad():               # or torch.inference_mode()
        out = model(inputs)
    model.train()
    return out"""),
    "07/accumulate": dict(
        title="accumulate over micro-batches",
        solution="""def accumulated_grad(k):
    model = tiny_model()
    size = 8 // k
    for i in range(0, 8, size):
        (loss_fn(model(X[i:i + size]), Y[i:i + size]) / k).backward()
    return model.weight.grad"""),
}
