

from algorithms.flooding import Flooding


class FzFloodingS5078(Flooding, name="fz-synchronizer-s5078"):
    pass
