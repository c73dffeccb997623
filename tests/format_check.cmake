# Fails when a C or C++ source of the project is not formatted as .clang-format says.
# cmake -DSOURCE_DIR=... -DCLANG_FORMAT=... -P format_check.cmake
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
  ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/core/*.c
  ${SOURCE_DIR}/ui/*.cpp ${SOURCE_DIR}/ui/*.h ${SOURCE_DIR}/app/*.cpp
  ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.h ${SOURCE_DIR}/tests/*.c
  ${SOURCE_DIR}/packaging/*.cpp ${SOURCE_DIR}/python/*.cpp ${SOURCE_DIR}/python/*.h)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run -Werror ${sources}
  WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "Not formatted (run clang-format -i on these files):\n${errors}")
endif()
list(LENGTH sources count)
message(STATUS "${count} files formatted")
