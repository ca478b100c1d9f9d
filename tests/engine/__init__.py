"""Engine tests: rules, deals, solver, bots, analysis, records, questions, problems."""
