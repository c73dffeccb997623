# Runs `tenace-cli <COMMAND> <INPUT> --threads 2` and compares its standard output with EXPECTED
# byte for byte.
# cmake -DCLI=... -DCOMMAND=par -DINPUT=... -DEXPECTED=... -DOUTPUT=... -P cli_compare.cmake
set(PROGRAM ${CLI})
set(ARGS ${COMMAND} ${INPUT} --threads 2)
include(${CMAKE_CURRENT_LIST_DIR}/output_compare.cmake)
