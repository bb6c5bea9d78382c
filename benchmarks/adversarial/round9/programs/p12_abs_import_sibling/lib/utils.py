from helpers import *
