"""Properties of one's own for the networks (dfs-election) and synchronous rounds (flooding):
tests/specs/test_user_properties.py."""
from algorithms.dfs_election import Leader, Search
from specs import always, always_eventually, eventually


@always
def one_leader_message_wave(s):
    "Leader messages name one id at a time."
    return len({m.uid for m in s.messages(Leader)}) <= 1


@eventually
def everyone_knows_the_leader(s):
    "Every process records the smallest id as the leader (dfs-election)."
    return all(p.decided and p.leader_id == min(q.id for q in s.processes) for p in s.processes)


@always
def no_search_crosses_another(s):
    "Never two searches in transit at once (false: every node starts one)."
    return len({m.uid for m in s.messages(Search)}) <= 1


@always
def rounds_agree(s):
    "Every process has counted the same rounds (flooding: its local r)."
    return len({p.r for p in s.processes}) == 1


@eventually
def all_done(s):
    "Every process is done (flooding)."
    return all(p.done for p in s.processes)


@always_eventually
def everyone_knows_the_leader_in_the_end(s):
    "Every process records the smallest id as the leader, again and again (dfs-election ends so)."
    return all(p.decided and p.leader_id == min(q.id for q in s.processes) for p in s.processes)


@always_eventually
def all_done_in_the_end(s):
    "Every process is done, again and again (flooding ends so)."
    return all(p.done for p in s.processes)


@always_eventually
def messages_in_transit_again_and_again(s):
    "Some message is in transit, again and again (false: the run ends with the channels empty)."
    return bool(s.messages())
