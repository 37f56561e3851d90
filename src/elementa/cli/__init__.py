"""The terminal client: the ``elementa`` command (see :mod:`elementa.cli.app`)."""
