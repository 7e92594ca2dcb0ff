"""dfs-election-literal where a node answers a higher search it should stall: it rejects it
(the slides: "the other DFS stalls - no response is sent to the sender").

Then a root whose search meets a lower one is still answered by every neighbour, so a search
other than the lowest's completes: two leaders even on the complete graph, where the
literal algorithm elects only id 1 (specs/dfs_literal_invariant.py; its conjunct
answers_from_one is not preserved by this ``stall``).
"""
from algorithms.dfs_election import DfsElectionLiteral, Reject, Search, search_of
from models import receive


class DfsLiteralAnswersHigher(DfsElectionLiteral, name="dfs-literal-answers-higher"):
    @receive(Search, when=lambda p, m, port: m.uid > search_of(p))
    def stall(p, m, port):  # answers instead of stalling
        p.send(port, Reject(m.uid))
