// Dev set for SenseSelector (docs/GRADING.md, "Definitions"): ambiguous words of the sample scripts, with the
// WordNet 3.0 synsets (pos letter + offset) a reader accepts in that script, judged by reading the script.
// Used for tuning; the held-out set (SenseHeldOutSet.swift) was not.

let devDocuments: [String: String] = [
    "volcanoes": "samples/scripts/how-volcanoes-form.srt",
    "trees": "samples/scripts/talk-trees-in-the-city.txt",
]

let devCases: [SenseCase] = [
    SenseCase(document: "volcanoes", lemma: "plate", accepted: ["n09395457"]),
    SenseCase(document: "volcanoes", lemma: "form", accepted: ["v02448185", "v02623906", "v00144850"]),
    SenseCase(document: "volcanoes", lemma: "hotspot", accepted: ["n08586218"]),
    SenseCase(document: "volcanoes", lemma: "mantle", accepted: ["n09346450"]),
    SenseCase(document: "volcanoes", lemma: "soil", accepted: ["n14844693", "n09335240"]),
    SenseCase(document: "volcanoes", lemma: "edge", accepted: ["n08565701", "n03264542", "n13903079"]),
    SenseCase(document: "volcanoes", lemma: "drop", accepted: ["v00432683"]),
    SenseCase(document: "volcanoes", lemma: "flow", accepted: ["v02066957", "v02066528"]),
    SenseCase(document: "volcanoes", lemma: "bottle", accepted: ["n02876657"]),
    SenseCase(document: "volcanoes", lemma: "chain", accepted: ["n08376250"]),
    SenseCase(document: "volcanoes", lemma: "rock", accepted: ["n14696793", "n09416076"]),
    SenseCase(document: "volcanoes", lemma: "crust", accepted: ["n09260010"]),
    SenseCase(document: "volcanoes", lemma: "surface", accepted: ["n09451517"]),
    SenseCase(document: "volcanoes", lemma: "layer", accepted: ["n08591680", "n03650173"]),
    SenseCase(document: "volcanoes", lemma: "island", accepted: ["n09316454"]),
    SenseCase(document: "volcanoes", lemma: "pressure", accepted: ["n11495041"]),
    SenseCase(document: "volcanoes", lemma: "eruption", accepted: ["n07436475", "n14008567"]),
    SenseCase(document: "trees", lemma: "branch", accepted: ["n13163250"]),
    SenseCase(document: "trees", lemma: "shade", accepted: ["n13984613"]),
    SenseCase(document: "trees", lemma: "pit", accepted: ["n09393108"]),
    SenseCase(document: "trees", lemma: "soil", accepted: ["n14844693", "n09335240"]),
    SenseCase(document: "trees", lemma: "block", accepted: ["v02145561", "v01478020"]),
    SenseCase(document: "trees", lemma: "air", accepted: ["n14841267", "n08653314", "n08499057"]),
    SenseCase(document: "trees", lemma: "reservoir", accepted: ["n04078574", "n04078747"]),
    SenseCase(document: "trees", lemma: "root", accepted: ["n13125117"]),
    SenseCase(document: "trees", lemma: "rain", accepted: ["n11501381", "n15008607"]),
    SenseCase(document: "trees", lemma: "leaf", accepted: ["n13152742"]),
    SenseCase(document: "trees", lemma: "plant", accepted: ["v01567293"]),
]
