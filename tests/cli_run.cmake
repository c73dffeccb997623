# Runs tenace-cli with ARGS (a ';' list) and checks its exit status, what it printed (standard
# output and error together) and, when COMPARE_A and COMPARE_B are set, that they are the same
# bytes.
# cmake -DCLI=... "-DARGS=convert;in.pbn;-o;out.pbn" -DSTATUS=0 [-DMATCH=regex]
#       [-DCOMPARE_A=... -DCOMPARE_B=...] -P cli_run.cmake
execute_process(COMMAND ${CLI} ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err
  RESULT_VARIABLE status)
if(NOT status EQUAL STATUS)
  message(FATAL_ERROR "tenace-cli ${ARGS} exited with ${status} (expected ${STATUS}):\n${out}${err}")
endif()
if(DEFINED MATCH AND NOT "${out}${err}" MATCHES "${MATCH}")
  message(FATAL_ERROR "tenace-cli ${ARGS} printed:\n${out}${err}\nwhich does not match ${MATCH}")
endif()
if(DEFINED COMPARE_A)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${COMPARE_A} ${COMPARE_B}
    RESULT_VARIABLE different)
  if(different)
    message(FATAL_ERROR "${COMPARE_A} differs from ${COMPARE_B}")
  endif()
endif()
