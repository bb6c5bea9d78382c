import logging
logging.basicConfig(level=logging.WARNING)
_log = logging.getLogger("p")

def info(msg):
    _log.info(msg)
