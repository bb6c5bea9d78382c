from deep import *
