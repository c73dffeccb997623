# Installs the `dds` component (libtenace-dds, dll.h, tenace-dds.pc) into a scratch prefix, then
# builds and runs a DDS program with nothing but `pkg-config --cflags --libs tenace-dds`, and
# again linked with -ldds against the installed libdds.so link (Linux).
# Arguments: BUILD_DIR WORK_DIR SOURCE CC CFLAGS PKG_CONFIG LIBDIR.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN}\nfailed (${rc}):\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --component dds --prefix ${prefix})
foreach(f include/tenace/dll.h ${LIBDIR}/pkgconfig/tenace-dds.pc)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
run(${PKG_CONFIG} --cflags --libs tenace-dds)
string(STRIP "${out}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
separate_arguments(cflags UNIX_COMMAND "${CFLAGS}")
run(${CC} ${cflags} -std=c99 -Wall -Wextra -Werror ${SOURCE} ${flags} -o ${WORK_DIR}/dds_program)

set(ENV{LD_LIBRARY_PATH} ${prefix}/${LIBDIR})
run(${WORK_DIR}/dds_program)
message(STATUS "${out}")

# Drop-in: the same program linked as a DDS program is (-ldds), against the libdds.so link of
# the installed tenace-dds directory, runs on Tenace's library (the link resolves at link time,
# so the program then needs libtenace-dds.so.0 itself).
if(EXISTS ${prefix}/${LIBDIR}/tenace-dds/libdds.so)
  run(${CC} ${cflags} -std=c99 -Wall -Wextra -Werror -I${prefix}/include/tenace ${SOURCE}
    -L${prefix}/${LIBDIR}/tenace-dds -ldds -o ${WORK_DIR}/dds_program_ldds)
  set(ENV{LD_LIBRARY_PATH} ${prefix}/${LIBDIR}/tenace-dds:${prefix}/${LIBDIR})
  run(${WORK_DIR}/dds_program_ldds)
  message(STATUS "as libdds: ${out}")
elseif(CMAKE_HOST_SYSTEM_NAME STREQUAL "Linux")
  message(FATAL_ERROR "not installed: ${LIBDIR}/tenace-dds/libdds.so")
endif()
