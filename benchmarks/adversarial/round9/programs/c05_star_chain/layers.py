from mid import *
