# Runs `tenace-cli <COMMAND> <INPUT>` and compares its standard output with EXPECTED byte for byte.
# cmake -DCLI=... -DCOMMAND=par -DINPUT=... -DEXPECTED=... -DOUTPUT=... -P cli_compare.cmake
execute_process(COMMAND ${CLI} ${COMMAND} ${INPUT} --threads 2
  OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "tenace-cli ${COMMAND} ${INPUT} exited with ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${EXPECTED}
  RESULT_VARIABLE different)
if(different)
  message(FATAL_ERROR "${OUTPUT} differs from ${EXPECTED}")
endif()
