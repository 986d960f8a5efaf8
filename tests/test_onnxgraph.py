"""The hand-written ONNX wire format, read back by the onnx package's own parser and checker."""

from __future__ import annotations

import numpy as np
import onnx
from hypothesis import given
from hypothesis import strategies as st
from onnx import helper

from ratchet.models import onnxgraph

INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@given(dims=st.lists(INT64, max_size=6), name=st.text(max_size=40), offset=st.integers(0, 2**40))
def test_an_external_tensor_reads_back(dims, name, offset):
    tensor = onnx.TensorProto.FromString(onnxgraph.external_tensor(name, dims, "model.safetensors", offset, 1024))
    assert list(tensor.dims) == dims and tensor.name == name
    assert tensor.data_type == onnx.TensorProto.FLOAT and tensor.data_location == onnx.TensorProto.EXTERNAL
    assert {e.key: e.value for e in tensor.external_data} == {
        "location": "model.safetensors",
        "offset": str(offset),
        "length": "1024",
    }


@given(
    values=st.lists(st.floats(width=32, allow_nan=False), max_size=8),
    ints=st.lists(INT64, min_size=1, max_size=5),
    scalar=INT64,
    real=st.floats(width=32, allow_nan=False),
)
def test_a_node_reads_back_as_helper_builds_it(values, ints, scalar, real):
    ours = onnx.NodeProto.FromString(
        onnxgraph.node("Gemm", ["a", "b", "c"], ["y"], transB=scalar, alpha=real, perm=ints)
    )
    assert ours == helper.make_node("Gemm", ["a", "b", "c"], ["y"], transB=scalar, alpha=real, perm=ints)
    array = np.asarray(values, dtype=np.float32)
    constant = onnx.TensorProto.FromString(onnxgraph.raw_tensor("k", array))
    assert np.array_equal(onnx.numpy_helper.to_array(constant), array)


def test_value_info_reads_back():
    ours = onnx.ValueInfoProto.FromString(onnxgraph.value_info("bias", onnxgraph.FLOAT, ["batch", 12, "width"]))
    assert ours == helper.make_tensor_value_info("bias", onnx.TensorProto.FLOAT, ["batch", 12, "width"])


def test_the_encoder_graph_passes_the_checker(tmp_path):
    """A two-layer graph over a weights file laid out as the callback says, checked with its external data."""
    hidden, heads, layers = 8, 2, 2
    shapes = {"up": (4 * hidden, hidden), "down": (hidden, 4 * hidden)}
    end = 0

    def weight(name: str) -> tuple[tuple[int, ...], int, int]:
        nonlocal end
        kind = name.split(".")[-2]
        shape = shapes.get(kind, (hidden, hidden)) if name.endswith(".weight") and "norm" not in kind else None
        if shape is None:  # biases and layer-norm parameters: one per output
            shape = (4 * hidden,) if kind == "up" else (hidden,)
        offset, end = end, end + 4 * int(np.prod(shape))
        return shape, offset, 4 * int(np.prod(shape))

    names = {k: k for k in ("query", "key", "value", "out", "norm1", "up", "down", "norm2")}
    graph = onnxgraph.encoder_layers(
        layers=layers, hidden=hidden, heads=heads, eps=1e-5, weight=weight, names=names, location="weights.bin"
    )
    (tmp_path / "weights.bin").write_bytes(bytes(end))
    (tmp_path / "encoder.onnx").write_bytes(graph)
    onnx.checker.check_model(str(tmp_path / "encoder.onnx"), full_check=True)  # types and shapes inferred too
    model = onnx.ModelProto.FromString(graph)
    assert model.ir_version == onnxgraph.IR_VERSION and model.opset_import[0].version == onnxgraph.OPSET
    assert [i.name for i in model.graph.input] == ["x", "bias", "shape"] and model.graph.output[0].name == "y"
    external = [t for t in model.graph.initializer if t.data_location == onnx.TensorProto.EXTERNAL]
    assert len(external) == 16 * layers  # eight weights and eight biases a layer, each named once
    assert sum(n.op_type == "Gemm" for n in model.graph.node) == 6 * layers
