"""Shared test setup: markers that pyproject does not list, the tools/ folder on sys.path, and
what `make test-fast` leaves out (marked slow here)."""

import sys
import zlib
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))   # `import nbsource` in the notebook tests


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives JupyterLab in Chromium (make browser)")
    config.addinivalue_line(
        "markers", "notebooks: checks the stored teaching notebooks")


# ---------------------------------------------------------------------------------------------
# What `make test-fast` (-m "not slow") leaves out. `make test` / `make unit` run every test; the
# slow mark only deselects. test-fast keeps a fast representative of each topic: one or two
# cases of each differential grid, the cheap subprocess checks, one notebook quiz run.

# whole files, tests ("file::test") or single cases ("file::test[case]")
SLOW = (
    # notebook quiz runs: test_nb45_quiz_runs stays
    "test_nb0203_quiz_runs.py",
    # subprocesses: make, pip, a kernel, a fresh interpreter per case
    "test_fresh_machine.py::test_skiplog_plugin_records_counts_and_reasons",
    "test_fresh_machine.py::test_browser_tests_under_plain_pytest_exit_0_without_a_browser",
    "test_fresh_machine.py::test_binder_postbuild_trusts_the_notebooks",
    "test_fresh_machine.py::test_make_trust_signs_every_shipped_notebook",
    "test_printing_and_dtypes.py::test_repr[dtype_complex_of_grad_tensor_warns_first]",
    "test_printing_and_dtypes.py::test_repr[dtype_float_of_grad_tensor_warns_once_per_process]",
    "test_traceback.py::test_kernel_shows_no_minigrad_frames",    # the script check [op] stays
    "test_traceback.py::test_kernel_errors_without_minigrad_look_as_ipython_shows_them",
    "test_traceback.py::test_full_traceback_switch_shows_every_frame",
    "test_traceback.py::test_script_keeps_the_learners_own_frames",
    "test_traceback.py::test_script_shows_no_minigrad_frames[backward]",
    "test_api_divergences.py::test_triggered_internally_suffix_where_torch_has_it",
    # (torch warns once per process: a fresh interpreter each; the file's other cases stay)
    *(f"test_api_semantics_divergences.py::test_divergence_as_torch[scalar_warning_{case}]"
      for case in ("from_tensor_of_tensors", "before_the_size_check", "from_float_of_many_elements",
                   "from_legacy_constructors", "not_for_index_reads")),
    "test_viz_big.py::test_dot_is_byte_identical_across_processes",
    # the import checks' own checks (a planted violation); the contract and cycle count stay
    "test_layers.py::test_an_upward_import_inside_a_function_breaks_the_contract",
    "test_layers.py::test_the_cycle_count_sees_a_deferred_import",
    # random differential sweeps: the pinned and fixed cases of the same files stay
    "test_repr.py::test_matches_torch_default_options",
    "test_repr.py::test_matches_torch_with_print_options",
    "test_repr.py::test_matches_torch_autograd_suffixes",
    "test_bad_input_fuzz.py::test_behaves_as_torch",
    "test_bad_input_fuzz.py::test_no_new_leak_class",
    "test_nn_kernels.py::test_conv2d_random_shapes",
    "test_api_divergences.py::test_divergence_fixed[no_grad_view_gradient_is_dropped]",
    "test_api_training_blocks.py::test_gan_step[gan_step_reusing_d_output_after_step]",
    "test_engine.py::test_backward_through_a_200000_op_chain_matches_analytic_gradient",
    # reference-count checks, each after a full gc.collect(): one in each file stays
    "test_memory.py::test_saved_output_array_released_by_backward",
    "test_memory.py::test_retain_graph_keeps_saved_tensors_until_the_last_backward",
    "test_memory.py::test_autograd_grad_releases_saved_tensors",
    "test_memory.py::test_graph_freed_when_output_dropped",
    "test_memory.py::test_view_graph_freed_when_output_dropped",
    "test_engine.py::test_hooks_and_retain_grad_do_not_keep_the_graph_alive",
    "test_engine.py::test_saved_output_array_is_released_by_backward",
    "test_engine.py::test_saved_input_is_released_by_backward",
    "test_engine.py::test_dropping_the_output_frees_the_whole_graph[False]",
    "test_engine.py::test_retain_graph_keeps_saved_output_until_last_backward",
    "test_engine.py::test_output_that_saves_itself_is_not_in_a_cycle",
)
# parametrized tests of which test-fast runs only the cases listed
FAST_CASES = {
    "test_exercise_solutions.py::test_starter_is_not_yet_and_the_solution_is_correct":
        ("en-01", "zh-05"),
    "test_nn_training.py::test_adam_trajectory_matches_torch_over_200_steps": ("plain",),
    "test_nn_training.py::test_batchnorm": ("batchnorm_train_backward",
                                            "batchnorm_eval_uses_running_stats"),
    "test_nn_functional.py::test_conv2d_matches_torch": ("False-kw0", "True-kw2"),
    "test_nn_kernels.py::test_conv2d_matches_torch":
        ("shape0-kernel0-stride0-padding0-dilation0-1",),
    # every source's cells match its marker lines in test-fast too
    "test_nbsource_jupytext.py::test_cells_round_trip_through_jupytext": ("01",),
}
# the big differential grids (every op's gradient against finite differences, torch float64 and
# float32; every parser case; random graphs' hook order): test-fast runs the cases whose id
# hashes to 0 modulo SAMPLE, a fixed sample of about 1 in 10
SAMPLED = ("test_gradcheck.py", "test_bad_input_parser.py::test_parser_matches_torch",
           "test_engine_order.py::test_random_graph_order_matches_torch")
SAMPLE = 10


def _is_slow(item) -> bool:
    file = item.path.name
    test = f"{file}::{item.originalname}"
    case = getattr(item, "callspec", None) and item.callspec.id
    if file in SLOW or test in SLOW or f"{test}[{case}]" in SLOW:
        return True
    if test in FAST_CASES:
        return case not in FAST_CASES[test]
    if (file in SAMPLED or test in SAMPLED) and case:
        return zlib.crc32(case.encode()) % SAMPLE != 0
    return False


@pytest.hookimpl(tryfirst=True)   # before -m "not slow" deselects
def pytest_collection_modifyitems(config, items):
    for item in items:
        if _is_slow(item):
            item.add_marker(pytest.mark.slow)
