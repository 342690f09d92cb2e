"""Longer wire stories: where a next sentence says the act struck, arson told with the attack, a toll told as
replaced, a claimer's boast and a claim in the next paragraph."""

from __future__ import annotations


def _rows(code, text, published):
    return [(e["sub_event_type"], e["location"], e["fatalities"], e["actor1"])
            for e in code(text, published=published)["events"]]


def test_the_next_sentence_says_where_the_strike_hit(code):
    # a region's main town stood for the town the next sentence says the strike hit
    rows = _rows(code, "ADDIS ABABA (Reuters) - A drone strike killed 11 people in Ethiopia's Amhara region on "
                       "Monday, residents said. The strike hit a crowded bazaar in the town of Debre Sina.", "2025-01-15")
    assert [r[:3] for r in rows] == [("Air/drone strike", "Debre Sina", 11)]


def test_arson_told_with_an_armed_attack_and_a_toll_told_as_replaced(code):
    # the arson was a mob's riot of its own, which took the toll told as replaced
    text = ("GUSAU, Nigeria (Reuters) - Bandits shot dead 25 villagers in a raid on a hamlet of Zamfara state, "
            "police said on Wednesday.\n\nThe attackers raided Kadawa village late on Tuesday, shooting residents "
            "and setting fire to homes, a local official said. He had earlier given a toll of 12.")
    assert [(r[0], r[2]) for r in _rows(code, text, "2024-03-13")] == [("Attack", 25)]


def test_a_toll_told_as_replaced_alone_counts(code):  # (guard)
    rows = _rows(code, "Police initially said 10 farmers died as bandits raided a hamlet of Zamfara on Tuesday.",
                 "2024-03-13")
    assert [r[2] for r in rows] == [10]


def test_a_claimer_s_boast_and_a_claim_in_the_next_paragraph(code):
    # the boast was an attack of its own (12 dead by "dozens"); the claim a paragraph on names the bomber's group
    text = ("KABUL (Reuters) - A suicide attacker set off his explosives outside the refugees ministry in Kabul on "
            "Thursday and killed seven visitors, police said.\n\nIslamic State Khorasan claimed the bombing, saying its "
            "fighter had killed dozens of Taliban officials.")
    assert _rows(code, text, "2024-11-22") == [("Suicide bomb", "Kabul", 7, "Islamic State (Afghanistan)")]


def test_a_longer_headline_over_a_dateline_is_a_heading(code):
    # the headline of 13 words was read as body text: an event of its own, or one that took a later attack's day
    text = ("Gunmen kill 9 in Mexican bar, second attack in a week in Guanajuato\n\n"
            "MEXICO CITY, June 7 (Reuters) - Gunmen shot dead nine drinkers at a cantina in Celaya late on Thursday, "
            "local officials told reporters.\n\nOn Sunday, gunmen shot dead six guests at a party in Salvatierra, a "
            "town nearby.")
    assert [(r[1], r[2]) for r in _rows(code, text, "2024-06-07")] == [("Celaya", 9), ("Salvatierra", 6)]
