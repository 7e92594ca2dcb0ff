

from algorithms.flooding import Flooding


class FzFloodingS359(Flooding, name="fz-synchronizer-s359"):
    pass
