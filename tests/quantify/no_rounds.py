"""Itai-Rodeh that does not name its round message: --expected rounds has nothing to count."""
from algorithms.itai_rodeh import ItaiRodeh


class NoRounds(ItaiRodeh, name="itai-rodeh-no-rounds"):
    round_message = None
