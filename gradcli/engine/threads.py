"""torch's intra-op thread count, which some CPU kernels' summation orders depend on (they split
their work into one run per thread); runtime_settings.set_num_threads keeps it."""
from __future__ import annotations

import os

count = os.cpu_count() or 1
