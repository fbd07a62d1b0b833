"""distill's benchmarks: `python -m bench` runs them all and writes bench/out/results.md."""
