// Held-out evaluation set for SenseSelector (docs/GRADING.md, "Definitions").
// Written before any result of the selector on it was looked at: short texts on topics other than the samples,
// and for each ambiguous word the WordNet 3.0 synsets (pos letter + offset) a reader would accept in that text.
// Not used for tuning. The dev set (samples) is in SenseDevSet.swift.

let heldOutDocuments: [String: String] = [
    "cooking": """
To make a simple stew, heat some oil in a heavy pan over a medium flame. Brown the beef in small batches, then add the onions and garlic. Pour in the stock and bring it to a boil, then turn down the heat and let it simmer for two hours. Season the stew with salt and pepper before you serve it on a warm plate. A sharp knife and a wooden spoon are all the tools you need in the kitchen. Sprinkle some fresh herbs on top and serve it with a slice of bread.
""",
    "baseball": """
The batter stepped up to the plate and waited for the first pitch. He swung the bat hard and hit the ball over the fence. The crowd in the stadium cheered as he ran around the bases. After the game the coach said the pitcher had thrown every pitch fast and low. The players left the field after nine innings and the fans went home happy.
""",
    "tennis": """
She served the ball across the court and won the match in three sets. Her racket broke during the second set, so she borrowed another one from her coach. The tournament is played on grass courts every summer, and the final is shown on television.
""",
    "computing": """
Click the left button of the mouse to open the file. The program stores its data in memory and writes a log to the disk. If the window freezes, press the key marked Escape on your keyboard. The server runs on a virtual machine, and each request is handled by a separate thread of the process.
""",
    "biology": """
Every living organism is made of cells. A cell is surrounded by a thin membrane and contains a nucleus with the genetic material. Green plants use the energy of light to make sugar from water and carbon dioxide. Inside the cell, proteins fold into complex shapes that determine their function. In the spring, the trees grow new leaves and the bees collect pollen from the flowers.
""",
    "history": """
In 1066 the Norman army crossed the channel and defeated the English king at Hastings. The new rulers built stone castles and a great tower in London. The king held court in his palace, where the nobles came to seek his favour. Most peasants worked the land and paid a heavy tax to their lord. Monks copied books by hand in the monasteries, and the church owned large estates.
""",
    "river": """
Herons and cranes wade in the shallow water near the bank of the river, hunting for fish. The current is slow here, and the spring that feeds the stream rises from the rocks in the hills. In autumn the water level drops and the mud along the shore dries in the sun.
""",
    "building": """
The builders used a tall crane to lift the steel beams onto the roof of the new office tower. Each beam was bolted to the frame before the concrete floor was poured. The site manager checks the plans every morning and the workers wear hard hats.
""",
    "finance": """
She opened an account at the bank and deposited her monthly salary. The interest on her loan is charged every month, and the bank sends her a statement. Her savings are invested in shares and bonds, and the value of the fund rose last year.
""",
]

let heldOutCases: [SenseCase] = [
    SenseCase(document: "cooking", lemma: "plate", accepted: ["n03959485"]),
    SenseCase(document: "cooking", lemma: "stock", accepted: ["n07585208"]),
    SenseCase(document: "cooking", lemma: "season", accepted: ["v02191784"]),
    SenseCase(document: "cooking", lemma: "pepper", accepted: ["n07815588"]),
    SenseCase(document: "cooking", lemma: "serve", accepted: ["v01181313", "v01180369"]),
    SenseCase(document: "cooking", lemma: "boil", accepted: ["n05014099"]),
    SenseCase(document: "baseball", lemma: "plate", accepted: ["n03528901"]),
    SenseCase(document: "baseball", lemma: "pitch", accepted: ["n00106272"]),
    SenseCase(document: "baseball", lemma: "bat", accepted: ["n02806379"]),
    SenseCase(document: "baseball", lemma: "field", accepted: ["n08570758"]),
    SenseCase(document: "baseball", lemma: "fan", accepted: ["n10639925", "n10077593"]),
    SenseCase(document: "baseball", lemma: "base", accepted: ["n02797881"]),
    SenseCase(document: "tennis", lemma: "court", accepted: ["n03120491"]),
    SenseCase(document: "tennis", lemma: "match", accepted: ["n07470671"]),
    SenseCase(document: "tennis", lemma: "set", accepted: ["n15256417"]),
    SenseCase(document: "tennis", lemma: "serve", accepted: ["v01077586"]),
    SenseCase(document: "computing", lemma: "mouse", accepted: ["n03793489"]),
    SenseCase(document: "computing", lemma: "window", accepted: ["n04588739"]),
    SenseCase(document: "computing", lemma: "key", accepted: ["n03613592"]),
    SenseCase(document: "computing", lemma: "memory", accepted: ["n03744276"]),
    SenseCase(document: "computing", lemma: "server", accepted: ["n04175147"]),
    SenseCase(document: "computing", lemma: "log", accepted: ["n06504155"]),
    SenseCase(document: "biology", lemma: "cell", accepted: ["n00006484"]),
    SenseCase(document: "biology", lemma: "nucleus", accepted: ["n05434927"]),
    SenseCase(document: "biology", lemma: "plant", accepted: ["n00017222"]),
    SenseCase(document: "biology", lemma: "leaf", accepted: ["n13152742"]),
    SenseCase(document: "biology", lemma: "spring", accepted: ["n15237044"]),
    SenseCase(document: "biology", lemma: "membrane", accepted: ["n05426243"]),
    SenseCase(document: "history", lemma: "court", accepted: ["n08051946", "n08329322", "n03121040"]),
    SenseCase(document: "history", lemma: "channel", accepted: ["n09241247"]),
    SenseCase(document: "history", lemma: "tower", accepted: ["n04460130"]),
    SenseCase(document: "history", lemma: "lord", accepted: ["n10388440", "n10271677"]),
    SenseCase(document: "history", lemma: "land", accepted: ["n09335240", "n00453731"]),
    SenseCase(document: "river", lemma: "crane", accepted: ["n02012849"]),
    SenseCase(document: "river", lemma: "bank", accepted: ["n09213565"]),
    SenseCase(document: "river", lemma: "current", accepted: ["n07406765"]),
    SenseCase(document: "river", lemma: "spring", accepted: ["n09443453", "n08508361"]),
    SenseCase(document: "building", lemma: "crane", accepted: ["n03126707"]),
    SenseCase(document: "building", lemma: "beam", accepted: ["n02815950"]),
    SenseCase(document: "building", lemma: "tower", accepted: ["n04460130"]),
    SenseCase(document: "finance", lemma: "bank", accepted: ["n08420278", "n02787772"]),
    SenseCase(document: "finance", lemma: "interest", accepted: ["n13318584"]),
    SenseCase(document: "finance", lemma: "statement", accepted: ["n06516595"]),
    SenseCase(document: "finance", lemma: "share", accepted: ["n13342135"]),
    SenseCase(document: "finance", lemma: "bond", accepted: ["n13417410"]),
    SenseCase(document: "finance", lemma: "fund", accepted: ["n13358549", "n08070850"]),
]
