#!/bin/sh
# Print the QEMU machine options for a topology name, and (with -e) the shell
# assignments a guest test needs to check it: CPU count, NUMA nodes, sched
# domain levels.
#
#   default  1 socket, 2 cores x 2 threads, 1 node: quick runs, SMT for core
#            scheduling
#   nps1     Zen3-shaped two sockets, SMT2, LLC groups ("dies", the CCX) of
#   nps2     $CCX_CORES cores, $CCX_PER_SOCKET of them per socket, and 1, 2 or
#   nps4     4 NUMA nodes per socket, each holding whole LLC groups.
#
# Memory: 512 MB, or 256 MB a node (512 with FULL=1); GUEST_MB sets the
# guest's whole memory, split evenly across its nodes.
#
# Scaled down by default (2 sockets x 4 LLC x 2 cores x 2 threads = 32 CPUs).
# FULL=1 gives the largest Zen3 shape QEMU 7.2 boots here: 8 LLC groups of 7
# cores per socket (224 CPUs; the real part has 8 cores per LLC, 256 CPUs,
# which q35 in QEMU 7.2 refuses).
# usage: topology.sh [-e] TOPO
# env: FULL=1 (the full shape), CCX_CORES (2; 7 with FULL), CCX_PER_SOCKET
#      (4; 8 with FULL; divisible by the nodes a socket), GUEST_MB (512;
#      nps*: 256 a node, 512 with FULL)
set -e

env_only=
[ "$1" = -e ] && { env_only=1; shift; }
topo=${1:-default}

if [ -n "$FULL" ]; then
	ccx=${CCX_PER_SOCKET:-8} cores=${CCX_CORES:-7} mem=512
else
	ccx=${CCX_PER_SOCKET:-4} cores=${CCX_CORES:-2} mem=256
fi

case $topo in
default)
	cpus=4 nodes=1 levels="SMT MC"
	if [ -n "$env_only" ]; then
		echo "TOPO=$topo TOPO_CPUS=$cpus TOPO_NODES=$nodes TOPO_LEVELS='$levels'"
	else
		echo "-m ${GUEST_MB:-512} -smp $cpus,sockets=1,cores=2,threads=2"
	fi
	exit 0
	;;
nps1) nps=1 ;;
nps2) nps=2 ;;
nps4) nps=4 ;;
*) echo "topology: unknown TOPO '$topo' (default, nps1, nps2, nps4)" >&2; exit 2 ;;
esac

[ $((ccx % nps)) -eq 0 ] || { echo "topology: $ccx LLC groups do not split into $nps nodes" >&2; exit 2; }
sockets=2
cpus=$((sockets * ccx * cores * 2))
nodes=$((sockets * nps))
[ -n "$GUEST_MB" ] && mem=$((GUEST_MB / nodes))
# Levels the scheduler builds: SMT, the LLC (MC), then the package (DIE) when
# a node is the whole socket; with several nodes per socket the package level
# gives way to NUMA levels: the node (NODE, unless it is just one LLC and so
# degenerates into MC), the other nodes of the socket and the other socket.
if [ $nps -eq 1 ]; then
	levels="SMT MC DIE NUMA"
elif [ $((ccx / nps)) -gt 1 ]; then
	levels="SMT MC NODE NUMA NUMA"
else
	levels="SMT MC NUMA NUMA"
fi

if [ -n "$env_only" ]; then
	echo "TOPO=$topo TOPO_CPUS=$cpus TOPO_NODES=$nodes TOPO_LEVELS='$levels'"
	exit 0
fi

printf -- '-m %d -smp %d,sockets=%d,dies=%d,cores=%d,threads=2' \
	$((mem * nodes)) $cpus $sockets $ccx $cores
n=0
for s in $(seq 0 $((sockets - 1))); do
	for k in $(seq 0 $((nps - 1))); do
		printf ' -object memory-backend-ram,id=m%d,size=%dM' $n $mem
		printf ' -numa node,nodeid=%d,memdev=m%d' $n $n
		for d in $(seq $((k * ccx / nps)) $(((k + 1) * ccx / nps - 1))); do
			printf ' -numa cpu,node-id=%d,socket-id=%d,die-id=%d' $n $s $d
		done
		n=$((n + 1))
	done
done
# Zen3 NPS distances: 10 local, 12 another node of the socket, 32 the other
# socket.
for a in $(seq 0 $((nodes - 1))); do
	for b in $(seq 0 $((nodes - 1))); do
		[ $a -lt $b ] || continue
		if [ $((a / nps)) -eq $((b / nps)) ]; then d=12; else d=32; fi
		printf ' -numa dist,src=%d,dst=%d,val=%d' $a $b $d
	done
done
echo
