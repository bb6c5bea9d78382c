"""Code the tests share (and scripts they run, such as ``ddp_driver.py``)."""
