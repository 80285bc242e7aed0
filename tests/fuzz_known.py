"""Known divergences of the lockstep fuzzer (tests/test_fuzz.py): minigrad bugs that already
have a strict-xfail regression case in a topic file, and how a report is matched to them."""
from __future__ import annotations

import re
from dataclasses import dataclass


# ---------------------------------------------------------------------------------------------
# known divergences
#
# minigrad bugs that already have a strict-xfail regression case in a topic file. A hit does
# not fail the run (it is counted in the summary), so the fuzzer keeps looking for *new*
# divergences: the program goes on when both libraries are still in the same state (both
# raised, or only a warning or a ``_version`` read differs), otherwise it is abandoned.
# Set MINIGRAD_FUZZ_STRICT=1 to fail on these too. When a regression test starts to pass,
# delete its entries here.


@dataclass(frozen=True)
class Known:
    test: str           # the id of the regression case
    torch: str          # regex searched in what torch did
    minigrad: str       # regex searched in what minigrad did
    attr: str = "outcome"   # regex for what differs: outcome, warnings, a tensor attribute
    origin: str = ""    # regex searched in the statement that created the tensor
    code: str = ""      # regex searched in the statement that was running
    program: str = ""   # regex searched in the whole program so far
    at_creation: bool = False  # only in the statement that created the tensor


NO_EXC = "^no exception$"
KNOWN_DIVERGENCES = (
    # autograd.grad / backward
    # (off by one from there on: the later accumulations bump both alike)
    Known("grad_version_through_a_reshaped_gradient", r"\('ok', \d+\)", r"\('ok', \d+\)",
          attr="_version", origin=r"\.grad$"),
    Known("autograd_grad_of_sum_is_an_expanded_view",
          "more than one element of the written-to tensor", NO_EXC),
    Known("autograd_grad_of_sum_is_an_expanded_view", ".", ".", attr="outcome|values",
          origin=r"autograd\.grad\(", code=r"_\(|\] = "),
    Known("autograd_grad_of_sum_is_an_expanded_view", "Can't detach views in-place", NO_EXC,
          program=r"autograd\.grad\("),
    Known("autograd_grad_of_sum_is_an_expanded_view",
          "more than one element of the written-to tensor|A view was created in no_grad mode",
          ".", program=r"autograd\.grad\("),
    # the expanded gradient is itself a no_grad view: a view of it made under no_grad again
    # does not take requires_grad from it in torch
    Known("autograd_grad_of_sum_is_an_expanded_view", r"\('ok', False\)", r"\('ok', True\)",
          attr="requires_grad", program=r"autograd\.grad\((.|\n)*no_grad"),
    Known("autograd_grad_of_sum_is_an_expanded_view", NO_EXC,
          "view size is not compatible with input tensor's size and stride",
          program=r"autograd\.grad\("),
    Known("inplace_checks_shape_before_overlap", "doesn't match the broadcast shape",
          "more than one element of the written-to tensor"),
    Known("inplace_on_inference_tensor_check_order",
          "Inplace update to inference tensor|doesn't match the broadcast shape|"
          "can't be cast to the desired output type|must match the size of tensor",
          "Inference tensors cannot be saved"),
    Known("create_graph_maximum_and_sqrt_grad_fn_names", ".", ".",
          attr="grad_fn|requires_grad|is_leaf", origin="create_graph=True"),
    # inference mode
    Known("inference_save_check_before_shape_check",
          "Inference tensors cannot be saved for backward", "."),
    Known("inference_grad_accumulated_outside_inference_mode",
          "Inplace update to inference tensor", NO_EXC, code="backward|autograd"),
    # views, requires_grad, retain_grad
    Known("max_dim_of_bool_tensor_requiring_grad", "Autograd not support dtype", NO_EXC),
    Known("create_graph_through_index_grad_fn_name", "IndexPutImplBackward0",
          "_IndexIntoZeros", attr="grad_fn"),
    Known("reshape_empty_with_inferred_dim_message", "cannot reshape tensor of 0 elements",
          "is invalid for input of size 0"),
    Known("reshape_of_non_contiguous_viewable_is_reshape_alias", "ReshapeAliasBackward0",
          "ViewBackward0", attr="grad_fn"),
    # dtypes
    Known("fresh_result_version", r"\('ok', [12]\)", r"\('ok', 0\)", attr="_version",
          at_creation=True),
    # the same offset carried on: an in-place op on such a result, then an alias of it
    # (`t.double()` of a float64 t is t): torch 2, minigrad 1
    Known("fresh_result_version", r"\('ok', 2\)", r"\('ok', 1\)", attr="_version",
          at_creation=True, program=r"inference_mode\(\)(.|\n)*\.clone\(\)"),
    # indexing and in-place checks
    Known("index_0d_tensor_messages",
          "invalid index of a 0-dim tensor|slice\\(\\) cannot be applied to a 0-dim tensor|"
          "with size 0$|too many indices for tensor of dimension 0|"
          "select\\(\\) cannot be applied to a 0-dim tensor",
          "."),
    Known("index_0d_tensor_messages", "out of bounds for dimension 0 with size 1$", ".",
          origin=r"\.(max|min)\("),
    Known("inplace_partial_overlap_with_input",
          "some elements of the input tensor and the written-to tensor", "."),
    Known("inplace_overlap_checked_before_dtype",
          "more than one element of the written-to tensor", "can't be cast to the desired"),
    Known("inplace_on_non_overlapping_slice_of_expanded", NO_EXC + "|Inplace update to inf",
          "more than one element of the written-to tensor"),
    Known("inplace_checks_shape_before_dtype", "doesn't match the broadcast shape",
          "can't be cast to the desired output type"),
    Known("expand_message_bool_type_name", "CPUBoolType", "BoolTensor"),
    # views made under no_grad / inference_mode
    Known("full_slices_in_multi_index_give_alias", "AliasBackward0", "SliceBackward0",
          attr="grad_fn"),
    # found by the matmul and view-chain rules (tests/fuzz_rules.py)
    Known("second_backward_through_exp_of_no_grad_view",
          "Trying to backward through the graph a second time", NO_EXC,
          program=r"no_grad\(\):\n    t\d+ = t\d+\.view"),
    Known("view_of_leaf_after_base_stops_requiring_grad_and_changes", ".",
          "a view with history has a base that requires grad",
          attr="outcome|is_leaf|grad_fn|requires_grad"),
    Known("view_rule_checked_before_the_op_arguments",
          "A view was created in (inference|no_grad) mode and its base",
          "Dimension out of range|out of range|must match the size"),
    Known("inference_view_full_slice_setitem_message",
          "^RuntimeError: A view was created in (inference|no_grad) mode and is being modified",
          "is a view of a view which was created in (inference|no_grad) mode"),
    Known("no_grad_view_requires_grad_follows_the_root_base", r"\('ok', False\)",
          r"\('ok', True\)", attr="requires_grad", program=r"requires_grad_\(False\)|"
          r"requires_grad = False|detach_\(\)"),
    Known("index_with_only_none_is_unsqueeze", "UnsqueezeBackward0", "AliasBackward0",
          attr="grad_fn"),
    Known("backward_through_split_of_a_view", ".",
          "could not broadcast input array|zero-dimensional arrays cannot be concatenated|"
          "iteration over a 0-d array|all the input array dimensions|"
          "all the input arrays must have same number of dimensions|AxisError|"
          "Dimension out of range",
          program=r"split\(|chunk\(|unbind\("),
)


def find_known(attr, torch_side, minigrad_side, origin, code, program) -> str | None:
    """The regression test of the first known divergence matching this report, or None."""
    for known in KNOWN_DIVERGENCES:
        if (re.fullmatch(known.attr, attr)
                and re.search(known.torch, torch_side)
                and re.search(known.minigrad, minigrad_side)
                and re.search(known.origin, origin)
                and re.search(known.code, code)
                and re.search(known.program, program)
                and (not known.at_creation or origin == code)):
            return known.test
    return None
