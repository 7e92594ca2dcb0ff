"""Properties of one's own for the rings (lcr): tests/specs/test_user_properties.py."""
from algorithms.lcr import Terminate, Token
from specs import always, always_eventually, eventually


@always
def few_tokens(s):
    "No channel holds more tokens than there are processes."
    return all(len(c.messages) <= s.n for c in s.channels)


@eventually
def everyone_decides(s):
    "Every process decides."
    return all(p.decided for p in s.processes)


@always
def at_most_one_token_in_transit(s):
    "At most one token is in transit (false: every process starts its own)."
    return len(s.messages(Token)) <= 1


@eventually
def no_terminate_in_transit(s):
    "Some state has no Terminate message in transit (false on lcr-never-terminates: one circles forever)."
    return not s.messages(Terminate) and any(p.decided for p in s.processes)


@always
def returns_a_number(s):
    "Not a bool: refused."
    return len(s.channels)


@always
def divides_by_zero(s):
    "Raises: refused."
    return 1 / 0 > 0


@always_eventually
def decided_in_the_end(s):
    "Every process has decided, again and again (lcr ends so: at its terminal states)."
    return all(p.decided for p in s.processes)


@eventually
def some_message_in_transit(s):
    "Some message is in transit at some point (true: every process sends its token)."
    return bool(s.messages())


@always_eventually
def messages_in_transit_again_and_again(s):
    "Some message is in transit, again and again (false: lcr ends with its channels empty)."
    return bool(s.messages())


@always_eventually
def quiet_again_and_again(s):
    "The channels are empty again and again (false on lcr-never-terminates: a Terminate circles forever)."
    return not s.messages()


@always_eventually
def again_returns_a_number(s):
    "Not a bool: refused."
    return len(s.channels)
