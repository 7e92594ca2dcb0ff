

from algorithms.flooding import Flooding


class FzFloodingS5006(Flooding, name="fz-synchronizer-s5006"):
    pass
