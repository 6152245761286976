# Source this (`. .ci/node24.sh`) to run on Node 24 LTS where the machine's node is older: the npm
# registry's node-linux-<arch> package (the official binary, with its headers under include/) is
# installed once under $TMPDIR and put first on PATH; npm_config_nodedir points any native build at
# those headers. better-sqlite3 13 (Node-API 10) cannot load on Node 20, nor on 22 before 22.14.
NODE_MAJOR=24
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt "$NODE_MAJOR" ]; then
  pos_node_arch="$(node -p 'process.arch')"
  pos_node_home="${TMPDIR:-/tmp}/pos-node-$NODE_MAJOR/node_modules/node-linux-$pos_node_arch"
  if [ ! -x "$pos_node_home/bin/node" ]; then
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "${TMPDIR:-/tmp}/pos-node-$NODE_MAJOR" "node-linux-$pos_node_arch@$NODE_MAJOR" >/dev/null
  fi
  export PATH="$pos_node_home/bin:$PATH"
  export npm_config_nodedir="$pos_node_home"
  unset pos_node_arch pos_node_home
fi
