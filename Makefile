# Shortcuts for dev.py, which needs nothing but Python 3.11+.
.PHONY: play test bench
play:
	python3 dev.py play
test:
	python3 dev.py test
bench:
	python3 dev.py bench
