from pytest_bdd import scenarios

from steps.common import *  # noqa
from steps.eighteen import *  # noqa

scenarios("18xx")
