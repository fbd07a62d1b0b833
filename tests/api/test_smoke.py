import distill


def test_core_module_loads():
    assert distill._core.__name__ == "distill._core"
