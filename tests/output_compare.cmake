# Runs PROGRAM with the arguments ARGS (a ;-list) and compares its standard output with EXPECTED
# byte for byte.
# cmake -DPROGRAM=... "-DARGS=a;b" -DEXPECTED=... -DOUTPUT=... -P output_compare.cmake
execute_process(COMMAND ${PROGRAM} ${ARGS} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${ARGS} exited with ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${EXPECTED}
  RESULT_VARIABLE different)
if(different)
  message(FATAL_ERROR "${OUTPUT} differs from ${EXPECTED}")
endif()
