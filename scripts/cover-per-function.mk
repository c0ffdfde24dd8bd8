# One inka-ng --cover run per function, as many at once as make -j allows,
# then one merged report (docs/design.md §7b):
#
#   make -j8 -f scripts/cover-per-function.mk PROG=prog.c FUNCS="f g h" [OUT=out] [INKA=inka-ng] [COVER=branches]
#
# gives OUT/F.json and the suite OUT/F/ of each function, and OUT/all.json.
# On many machines, run the OUT/F.json targets where you like (a shared
# directory, or copy the .json files back) and make OUT/all.json at the end.
# Exit status 3 of inka-ng (some objective unknown) is a result, not a failure.
INKA  ?= inka-ng
OUT   ?= out
COVER ?= branches
REPORTS := $(FUNCS:%=$(OUT)/%.json)

$(OUT)/all.json: $(REPORTS)
	$(INKA) --merge-reports $^ > $@ || [ $$? -eq 3 ]

$(OUT)/%.json: $(PROG)
	@mkdir -p $(OUT)
	$(INKA) --quiet --json --cover $(COVER) --function $* --emit-dir $(OUT)/$* $(PROG) > $@ || [ $$? -eq 3 ]
